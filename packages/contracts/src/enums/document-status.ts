import type { TEnumOption } from './enum-option';

/** Conversion (and review) status of a document, spec §4. */
export const DocumentStatus = {
  Pending: 0,
  Converting: 1,
  Converted: 2,
  Failed: 3,
  Disabled: 4,
  Reconvert: 5,
  PendingReview: 6,
  ReviewRejected: 7,
} as const;
export type TDocumentStatus = (typeof DocumentStatus)[keyof typeof DocumentStatus];

export const DOCUMENT_STATUS_OPTIONS = [
  { value: DocumentStatus.Pending, label: '待转换', status: 'Default' },
  { value: DocumentStatus.Converting, label: '转换中', status: 'Processing' },
  { value: DocumentStatus.Converted, label: '已转换', status: 'Success' },
  { value: DocumentStatus.Failed, label: '转换失败', status: 'Error' },
  { value: DocumentStatus.Disabled, label: '已禁用', status: 'Default' },
  { value: DocumentStatus.Reconvert, label: '重新转换', status: 'Warning' },
  { value: DocumentStatus.PendingReview, label: '待审核', status: 'Processing' },
  { value: DocumentStatus.ReviewRejected, label: '审核拒绝', status: 'Error' },
] as const satisfies readonly TEnumOption<TDocumentStatus>[];
