import { VIP_CARD_OPTIONS, type TVipCard } from '@wenku/contracts/enums';
import type { TSettings } from '@wenku/contracts/schemas';

export interface VipCardInfo {
  card: TVipCard;
  title: string;
  days: number;
  price: number;
}

export interface VipOffer {
  enable: boolean;
  cards: VipCardInfo[];
  freeDownload: boolean;
  timesEveryDay: number;
}

type VipSettings = TSettings['vip'];
const PRICE_KEYS: Record<TVipCard, 'year_price' | 'season_price' | 'month_price'> = { 0: 'year_price', 1: 'season_price', 2: 'month_price' };

/** The offer from the public settings (logged-out visitors): same shape as GET /user/vip. */
export function vipOfferFromSettings(vip: VipSettings): VipOffer {
  return {
    enable: vip.enable,
    cards: VIP_CARD_OPTIONS.map((o) => ({ card: o.value, title: o.label, days: o.days, price: vip[PRICE_KEYS[o.value]] })),
    freeDownload: vip.free_download,
    timesEveryDay: vip.times_every_day,
  };
}

/** ¥199 or ¥19.90 */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** Price per day, two decimals. */
export function pricePerDay(price: number, days: number): string {
  if (!days || days <= 0) return '0.00';
  return (price / days).toFixed(2);
}

/** The card with the lowest price per day (shown as 推荐), or undefined when none has a price. */
export function bestValueCard(cards: readonly VipCardInfo[]): TVipCard | undefined {
  let best: VipCardInfo | undefined;
  for (const c of cards) {
    if (c.price <= 0 || c.days <= 0) continue;
    if (!best || c.price / c.days < best.price / best.days) best = c;
  }
  return best?.card;
}

/** Whole days of VIP left (0 when expired or not a VIP); null for an open-ended VIP. */
export function vipDaysLeft(isVip: boolean, expireAt: string | null | undefined, now: number = Date.now()): number | null {
  if (!isVip) return 0;
  if (!expireAt) return null;
  const at = Date.parse(expireAt);
  if (!Number.isFinite(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 86_400_000));
}

/** What VIP gives, from the settings (spec §1, §6: no ads; free downloads and a daily download count per settings). */
export function vipBenefits(
  offer: Pick<VipOffer, 'freeDownload' | 'timesEveryDay'>,
  creditName = '积分',
): { key: string; title: string; description: string }[] {
  const list = [{ key: 'ads', title: '无广告浏览', description: '全站广告统统隐藏，阅读更专注' }];
  if (offer.freeDownload) list.push({ key: 'free', title: '付费文档免费下载', description: `会员期间下载付费文档无需消耗${creditName}` });
  if (offer.timesEveryDay > 0) list.push({ key: 'times', title: `每天下载 ${offer.timesEveryDay} 次`, description: '更高的每日下载次数，资料随取随用' });
  list.push({ key: 'badge', title: '尊贵VIP标识', description: '个人主页与评论区展示专属VIP标识' });
  return list;
}
