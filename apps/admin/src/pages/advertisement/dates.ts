import { toIsoOrNull } from '../../lib/dates';

export { toIsoOrNull, fromIso } from '../../lib/dates';

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
