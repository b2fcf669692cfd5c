/**
 * Keeps only the fields a caller asked for (moredoc's `field[]` on the list routes), always with the id; no fields
 * asked: the rows as they are.
 */
export function pickFields<T extends Record<string, unknown>>(rows: T[], fields?: string[]): T[] {
  if (!fields?.length) return rows;
  const keep = new Set(['id', ...fields]);
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => keep.has(k))) as T);
}
