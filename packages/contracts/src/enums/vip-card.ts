import type { TEnumOption } from './enum-option';

/** VIP membership cards, spec §3. */
export const VipCard = {
  Year: 0,
  Season: 1,
  Month: 2,
} as const;
export type TVipCard = (typeof VipCard)[keyof typeof VipCard];

/** How long each card lasts, in days. */
export const VIP_CARD_DAYS: Readonly<Record<TVipCard, number>> = {
  [VipCard.Year]: 365,
  [VipCard.Season]: 92,
  [VipCard.Month]: 31,
};

export const VIP_CARD_OPTIONS = [
  { value: VipCard.Year, label: '年卡', days: 365 },
  { value: VipCard.Season, label: '季卡', days: 92 },
  { value: VipCard.Month, label: '月卡', days: 31 },
] as const satisfies readonly (TEnumOption<TVipCard> & { days: number })[];
