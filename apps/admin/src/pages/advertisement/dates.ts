import dayjs, { type Dayjs } from 'dayjs';

/** A picker value (Dayjs, formatted string or epoch) → ISO 8601 for the API; empty → null. */
export function toIsoOrNull(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const d = dayjs.isDayjs(value) ? value : dayjs(value as string | number | Date);
  return d.isValid() ? d.toISOString() : null;
}

/** An ISO timestamp from the API → a picker value. */
export function fromIso(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  const d = dayjs(value);
  return d.isValid() ? d : undefined;
}

/** The end must not be before the start (both optional). */
export function isRangeValid(start: unknown, end: unknown): boolean {
  const s = toIsoOrNull(start);
  const e = toIsoOrNull(end);
  return !s || !e || Date.parse(e) >= Date.parse(s);
}

export type AdTimeState = 'always' | 'pending' | 'running' | 'ended';

/** Whether an ad is in its time window now (no start/end = no limit). */
export function adTimeState(start: string | null, end: string | null, now = Date.now()): AdTimeState {
  if (start && Date.parse(start) > now) return 'pending';
  if (end && Date.parse(end) < now) return 'ended';
  return start || end ? 'running' : 'always';
}
