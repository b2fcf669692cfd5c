import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { resultingExpiry, revokeVipBody, toGrantVipBody, vipFormInitial } from './form-values';

const now = Date.parse('2026-03-01T00:00:00.000Z');

describe('VIP grant', () => {
  it('maps each mode to its body', () => {
    const base = vipFormInitial(5);
    expect(toGrantVipBody(base)).toEqual({ user_id: 5, remark: '', card: 0 });
    expect(toGrantVipBody({ ...base, mode: 'days', days: 10.6 })).toEqual({ user_id: 5, remark: '', days: 10 });
    expect(toGrantVipBody({ ...base, mode: 'date', expire_at: dayjs('2027-01-01T00:00:00.000Z') })).toEqual({
      user_id: 5,
      remark: '',
      expire_at: '2027-01-01T00:00:00.000Z',
    });
    expect(revokeVipBody(5)).toMatchObject({ user_id: 5, expire_at: null });
  });

  it('extends from the current expiry while it is in the future', () => {
    const v = { ...vipFormInitial(5), card: 2 as const };
    expect(resultingExpiry('2026-03-11T00:00:00.000Z', v, now)!.toISOString()).toBe('2026-04-11T00:00:00.000Z');
  });

  it('starts from now when there is no VIP or it has expired', () => {
    const v = vipFormInitial(5);
    expect(resultingExpiry(null, v, now)!.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(resultingExpiry('2025-01-01T00:00:00.000Z', { ...v, card: 1 }, now)!.toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('subtracting days past now ends the VIP; an explicit date is taken as is', () => {
    const v = { ...vipFormInitial(5), mode: 'days' as const, days: -30 };
    expect(resultingExpiry('2026-03-11T00:00:00.000Z', v, now)).toBeNull();
    expect(resultingExpiry(null, { ...v, mode: 'date', expire_at: null }, now)).toBeNull();
  });
});
