/** settings.system.recommend_words as a list: split on commas (half- or full-width), blanks dropped. */
export function recommendWords(words: string): string[] {
  return words
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter(Boolean);
}
