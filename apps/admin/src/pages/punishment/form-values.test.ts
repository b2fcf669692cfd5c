import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { TPunishment } from '@wenku/contracts';
import { expiryShortcutValue } from '../../lib/dates';
import { operatorActionLabel, punishmentFormInitial, punishmentState, toCreatePunishmentBody, toUpdatePunishmentBody } from './form-values';

const row: TPunishment = {
  id: 3,
  user_id: 9,
  username: 'bob',
  type: 2,
  enable: true,
  reason: '刷屏',
  remark: '',
  start_time: '2026-01-01T00:00:00.000Z',
  end_time: '2026-02-01T00:00:00.000Z',
  operators: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('punishment form ↔ body', () => {
  it('creates for several users and types; an empty end time is permanent (null)', () => {
    const v = { ...punishmentFormInitial(undefined, [9, 10]), type: [1, 2], reason: ' 违规 ' };
    expect(toCreatePunishmentBody(v)).toEqual({ user_id: [9, 10], type: [1, 2], enable: true, end_time: null, reason: '违规', remark: '' });
  });

  it('sends the end time of an expiry shortcut as ISO', () => {
    const now = new Date('2026-03-01T00:00:00.000Z');
    const v = { ...punishmentFormInitial(undefined, [9]), type: [3], end_time: expiryShortcutValue('1d', now) };
    expect(toCreatePunishmentBody(v).end_time).toBe('2026-03-02T00:00:00.000Z');
  });

  it('edits only state, end time and texts', () => {
    const v = punishmentFormInitial(row);
    expect(v.user_id).toEqual([9]);
    expect(dayjs.isDayjs(v.end_time)).toBe(true);
    expect(toUpdatePunishmentBody(3, { ...v, end_time: null, enable: false })).toEqual({ id: 3, enable: false, end_time: null, reason: '刷屏', remark: '' });
  });

  it('tells the state and names operator actions', () => {
    const now = Date.parse('2026-01-15T00:00:00Z');
    expect(punishmentState(row, now)).toBe('active');
    expect(punishmentState({ ...row, end_time: null }, now)).toBe('active');
    expect(punishmentState(row, Date.parse('2026-03-01T00:00:00Z'))).toBe('expired');
    expect(punishmentState({ ...row, enable: false }, now)).toBe('cancelled');
    expect(operatorActionLabel('cancel')).toBe('取消');
    expect(operatorActionLabel('other')).toBe('other');
  });
});
