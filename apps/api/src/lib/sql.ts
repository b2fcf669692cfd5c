const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** A LIKE/ILIKE pattern matching `s` anywhere, with the pattern's own wildcards escaped. */
export const likePattern = (s: string) => `%${escapeLike(s)}%`;

/** A LIKE pattern matching values that start with `s`. */
export const prefixPattern = (s: string) => `${escapeLike(s)}%`;
