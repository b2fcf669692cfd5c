/** Anything a timestamp arrives as: a Date, an ISO 8601 string or epoch milliseconds. */
export type TDateInput = Date | string | number;

/** A Date, or null when the input is not a valid time. */
export function toDate(input: TDateInput | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const d = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Day number of the local calendar date, so differences count calendar days even across DST changes. */
export function localDayNumber(d: Date): number {
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
}
