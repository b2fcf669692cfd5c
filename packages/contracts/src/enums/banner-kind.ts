import type { TEnumOption } from './enum-option';

/** Where a banner is shown, spec §3. */
export const BannerKind = {
  Website: 0,
  MiniProgram: 1,
  App: 2,
} as const;
export type TBannerKind = (typeof BannerKind)[keyof typeof BannerKind];

export const BANNER_KIND_OPTIONS = [
  { value: BannerKind.Website, label: '网站' },
  { value: BannerKind.MiniProgram, label: '小程序' },
  { value: BannerKind.App, label: 'APP' },
] as const satisfies readonly TEnumOption<TBannerKind>[];
