/**
 * settings.system.recommend_words as a list. The API answers a list (moredoc's type); a comma-separated string
 * (what it answered before, half- or full-width commas) is split, so settings held from an older answer still work.
 * Blanks and repeats dropped.
 */
export function recommendWords(words: readonly string[] | string | undefined | null): string[] {
  const list = typeof words === 'string' ? words.split(/[,，]/) : Array.isArray(words) ? words : [];
  return [...new Set(list.map((w) => String(w).trim()).filter(Boolean))];
}
