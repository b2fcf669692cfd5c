import type { TEnumOption } from './enum-option';

/** Why a user reports a document, spec §3. */
export const ReportReason = {
  SpamAd: 1,
  Obscene: 2,
  FakePrize: 3,
  Sensitive: 4,
  PersonalAttack: 5,
  Harassment: 6,
} as const;
export type TReportReason = (typeof ReportReason)[keyof typeof ReportReason];

export const REPORT_REASON_OPTIONS = [
  { value: ReportReason.SpamAd, label: '垃圾广告' },
  { value: ReportReason.Obscene, label: '淫秽色情' },
  { value: ReportReason.FakePrize, label: '虚假中奖' },
  { value: ReportReason.Sensitive, label: '敏感信息' },
  { value: ReportReason.PersonalAttack, label: '人身攻击' },
  { value: ReportReason.Harassment, label: '骚扰他人' },
] as const satisfies readonly TEnumOption<TReportReason>[];
