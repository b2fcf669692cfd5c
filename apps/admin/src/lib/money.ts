/** Money on the admin's pages: the API counts integer fen; this is the one place that turns them into yuan. */

/** 1230 → '¥12.30'; 123456789 → '¥1,234,567.89'; a negative amount keeps its sign ('-¥0.50'). */
export function formatFen(fen: number | null | undefined): string {
  const n = typeof fen === 'number' && Number.isFinite(fen) ? Math.round(fen) : 0;
  const abs = Math.abs(n);
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = String(abs % 100).padStart(2, '0');
  return `${n < 0 ? '-' : ''}¥${yuan}.${cents}`;
}
