import type { Dayjs } from 'dayjs';
import { VIP_CARD_DAYS, type RouteBody, type TVipCard, type api } from '@wenku/contracts';
import { toIsoOrNull } from '../../lib/dates';

const DAY_MS = 86_400_000;

/** How the VIP is granted: add a card's duration, add a number of days, or set the expiry outright. */
export type VipGrantMode = 'card' | 'days' | 'date';

export interface VipFormValues {
  user_id?: number;
  mode: VipGrantMode;
  card?: TVipCard;
  days?: number;
  expire_at?: Dayjs | null;
  remark?: string;
}

export function vipFormInitial(userId?: number): VipFormValues {
  return { user_id: userId, mode: 'card', card: 0, days: 30, expire_at: null, remark: '' };
}

export function toGrantVipBody(v: VipFormValues): RouteBody<typeof api.grantVip> {
  const base = { user_id: v.user_id!, remark: (v.remark ?? '').trim() };
  if (v.mode === 'card') return { ...base, card: v.card ?? 0 };
  if (v.mode === 'days') return { ...base, days: Math.trunc(v.days ?? 0) };
  return { ...base, expire_at: toIsoOrNull(v.expire_at) };
}

/** PUT /vip/grant with expire_at null ends the membership at once. */
export function revokeVipBody(userId: number): RouteBody<typeof api.grantVip> {
  return { user_id: userId, expire_at: null, remark: '管理员取消 VIP' };
}

/**
 * The expiry the grant will produce, computed as the API does: durations are added to the current
 * expiry while it is still in the future (otherwise to now); a result not after now means no VIP (null).
 */
export function resultingExpiry(current: string | null | undefined, v: VipFormValues, now: number = Date.now()): Date | null {
  if (v.mode === 'date') {
    const iso = toIsoOrNull(v.expire_at);
    return iso ? new Date(iso) : null;
  }
  const from = current && Date.parse(current) > now ? Date.parse(current) : now;
  const days = v.mode === 'card' ? VIP_CARD_DAYS[v.card ?? 0] : Math.trunc(v.days ?? 0);
  const next = from + days * DAY_MS;
  return next > now ? new Date(next) : null;
}
