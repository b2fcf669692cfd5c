/** A LIKE/ILIKE pattern matching `s` anywhere, with the pattern's own wildcards escaped. */
export const likePattern = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;
