import type { TEnumOption } from './enum-option';

/** Status of a URL queued for collection, spec §4. */
export const SpiderUrlStatus = {
  Pending: 0,
  Collecting: 1,
  Done: 2,
  Failed: 3,
} as const;
export type TSpiderUrlStatus = (typeof SpiderUrlStatus)[keyof typeof SpiderUrlStatus];

export const SPIDER_URL_STATUS_OPTIONS = [
  { value: SpiderUrlStatus.Pending, label: '待采集', status: 'Default' },
  { value: SpiderUrlStatus.Collecting, label: '采集中', status: 'Processing' },
  { value: SpiderUrlStatus.Done, label: '已完成', status: 'Success' },
  { value: SpiderUrlStatus.Failed, label: '采集失败', status: 'Error' },
] as const satisfies readonly TEnumOption<TSpiderUrlStatus>[];
