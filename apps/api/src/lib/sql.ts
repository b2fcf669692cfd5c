import { and, or, sql, type SQL } from 'drizzle-orm';

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** A LIKE/ILIKE pattern matching `s` anywhere, with the pattern's own wildcards escaped. */
export const likePattern = (s: string) => `%${escapeLike(s)}%`;

/** A LIKE pattern matching values that start with `s`. */
export const prefixPattern = (s: string) => `${escapeLike(s)}%`;

/**
 * `a OR b OR …`, typed as the condition it is: drizzle's `or()` answers undefined for no conditions (a filter that
 * keeps every row), so none is `false` here, which keeps none.
 */
export const anyOf = (...conds: SQL[]): SQL => or(...conds) ?? sql`false`;

/** `a AND b AND …`, typed as the condition it is; no conditions is `true`. */
export const allOf = (...conds: SQL[]): SQL => and(...conds) ?? sql`true`;
