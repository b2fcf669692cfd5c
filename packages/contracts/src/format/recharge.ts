import { roundTo } from './number';

/** One recharge tier: pay `amount` (credits) at `discount` (0 < discount ≤ 1; 1 = no discount). */
export interface TRechargeTier {
  amount: number;
  discount: number;
}

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * Tiers from the recharge_discount setting: one `amount:discount` per line (spec §3), e.g. '100:0.9'.
 * Accepts the full-width colon '：' and spaces around either part. Skips blank lines and lines whose amount is not a
 * positive number or whose discount is outside (0, 1]. When an amount repeats, the later line wins.
 * Sorted by amount, ascending.
 */
export function parseRechargeTiers(text: string | null | undefined): TRechargeTier[] {
  if (!text) return [];
  const byAmount = new Map<number, number>();
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const sep = line.search(/[:：]/);
    if (sep < 0) continue;
    const amountText = line.slice(0, sep).trim();
    const discountText = line.slice(sep + 1).trim();
    if (!DECIMAL.test(amountText) || !DECIMAL.test(discountText)) continue;
    const amount = Number(amountText);
    const discount = Number(discountText);
    if (!(amount > 0) || !(discount > 0 && discount <= 1)) continue;
    byAmount.set(amount, discount);
  }
  return [...byAmount].map(([amount, discount]) => ({ amount, discount })).sort((a, b) => a.amount - b.amount);
}

/** Discount of a custom amount (spec §5): the lowest discount among tiers with amount ≤ the entered amount, else 1. */
export function customAmountDiscount(tiers: readonly TRechargeTier[], amount: number): number {
  let best = 1;
  for (const t of tiers) if (t.amount <= amount && t.discount < best) best = t.discount;
  return best;
}

/**
 * Price shown for a number of credits (spec §9): amount / credit_exchange, rounded half-up to two decimals, as text
 * ('10.00'). Returns '0.00' when credit_exchange is not a positive number or the amount is not a non-negative one,
 * rather than showing Infinity or NaN.
 */
export function rechargePrice(amount: number, creditExchange: number): string {
  if (!Number.isFinite(creditExchange) || creditExchange <= 0) return '0.00';
  if (!Number.isFinite(amount) || amount < 0) return '0.00';
  return roundTo(amount / creditExchange, 2).toFixed(2);
}

/** Tier badge (spec §2): discount × 10 with one decimal + 折 ('9.5折', '8.0折'); 无折扣 when there is none (≥ 1 or invalid). */
export function discountBadge(discount: number): string {
  if (!Number.isFinite(discount) || discount >= 1) return '无折扣';
  return `${roundTo(discount * 10, 1).toFixed(1)}折`;
}
