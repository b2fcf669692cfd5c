import type { TEnumOption } from './enum-option';

/** Generic moderation status of user content (comments, reports, ...), spec §3. */
export const ContentStatus = {
  Normal: 0,
  Disabled: 1,
  Reviewing: 2,
  Rejected: 3,
  Ignored: 4,
} as const;
export type TContentStatus = (typeof ContentStatus)[keyof typeof ContentStatus];

export const CONTENT_STATUS_OPTIONS = [
  { value: ContentStatus.Normal, label: '正常', status: 'Success' },
  { value: ContentStatus.Disabled, label: '禁用', status: 'Default' },
  { value: ContentStatus.Reviewing, label: '审核中', status: 'Processing' },
  { value: ContentStatus.Rejected, label: '已拒绝', status: 'Error' },
  { value: ContentStatus.Ignored, label: '已忽略', status: 'Warning' },
] as const satisfies readonly TEnumOption<TContentStatus>[];
