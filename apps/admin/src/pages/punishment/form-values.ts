import type { Dayjs } from 'dayjs';
import type { RouteBody, TPunishment, api } from '@wenku/contracts';
import { fromIso, isPast, toIsoOrNull } from '../../lib/dates';

export interface PunishmentFormValues {
  user_id: number[];
  type: number[];
  enable: boolean;
  end_time?: Dayjs | null;
  reason?: string;
  remark?: string;
}

export function punishmentFormInitial(record?: TPunishment, userIds: number[] = []): PunishmentFormValues {
  if (!record) return { user_id: userIds, type: [], enable: true, end_time: null, reason: '', remark: '' };
  return {
    user_id: [record.user_id],
    type: [record.type],
    enable: record.enable,
    end_time: fromIso(record.end_time) ?? null,
    reason: record.reason,
    remark: record.remark,
  };
}

/** POST /punishment: one row per user × type on the server; no end time = permanent. */
export function toCreatePunishmentBody(v: PunishmentFormValues): RouteBody<typeof api.createPunishment> {
  return {
    user_id: v.user_id,
    type: v.type as RouteBody<typeof api.createPunishment>['type'],
    enable: v.enable,
    end_time: toIsoOrNull(v.end_time),
    reason: (v.reason ?? '').trim(),
    remark: v.remark ?? '',
  };
}

/** PUT /punishment: only the state, the end time and the texts change (user and type stay). */
export function toUpdatePunishmentBody(id: number, v: PunishmentFormValues): RouteBody<typeof api.updatePunishment> {
  return { id, enable: v.enable, end_time: toIsoOrNull(v.end_time), reason: (v.reason ?? '').trim(), remark: v.remark ?? '' };
}

export type PunishmentState = 'active' | 'expired' | 'cancelled';

/** In force = enabled and not past its end time. */
export function punishmentState(p: Pick<TPunishment, 'enable' | 'end_time'>, now = Date.now()): PunishmentState {
  if (!p.enable) return 'cancelled';
  return isPast(p.end_time, now) ? 'expired' : 'active';
}

export const OPERATOR_ACTION_LABELS: Record<string, string> = { create: '创建', update: '修改', cancel: '取消' };

export function operatorActionLabel(action: string): string {
  return OPERATOR_ACTION_LABELS[action] ?? action;
}
