export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Human-readable size, base 1024 (spec §9).
 * Output: whole bytes below 1 KB ('0 B', '512 B'), otherwise two decimals and a space ('1.50 KB', '1.00 MB').
 * Input is rounded to whole bytes first; negative sizes keep their sign; NaN and ±Infinity read '0 B'.
 * Past YB the number simply grows ('2048.00 YB').
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '0 B';
  let value = Math.round(Math.abs(bytes));
  if (value === 0) return '0 B';
  const sign = bytes < 0 ? '-' : '';
  if (value < 1024) return `${sign}${value} B`;
  const last = SIZE_UNITS.length - 1;
  let unit = 0;
  while (value >= 1024 && unit < last) {
    value /= 1024;
    unit++;
  }
  // 1048575 B is 1023.999 KB, which two decimals would print as '1024.00 KB': carry into the next unit.
  if (unit < last && Number(value.toFixed(2)) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${sign}${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}
