/** A document's keywords as tags: split on commas (half- or full-width) and spaces, at most `max`. */
export function keywordList(keywords: string, max: number): string[] {
  return keywords
    .split(/[,，\s]+/)
    .filter(Boolean)
    .slice(0, max);
}
