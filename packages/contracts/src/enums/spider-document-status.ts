import type { TEnumOption } from './enum-option';

/** Status of a collected document on its way to publication, spec §4. */
export const SpiderDocumentStatus = {
  Pending: 0,
  DownloadQueue: 1,
  Downloading: 2,
  Downloaded: 3,
  DownloadFailed: 4,
  PublishQueue: 5,
  Publishing: 6,
  Published: 7,
  PublishFailed: 8,
} as const;
export type TSpiderDocumentStatus = (typeof SpiderDocumentStatus)[keyof typeof SpiderDocumentStatus];

export const SPIDER_DOCUMENT_STATUS_OPTIONS = [
  { value: SpiderDocumentStatus.Pending, label: '待处理', status: 'Default' },
  { value: SpiderDocumentStatus.DownloadQueue, label: '下载队列中', status: 'Processing' },
  { value: SpiderDocumentStatus.Downloading, label: '下载中', status: 'Processing' },
  { value: SpiderDocumentStatus.Downloaded, label: '已下载', status: 'Success' },
  { value: SpiderDocumentStatus.DownloadFailed, label: '下载失败', status: 'Error' },
  { value: SpiderDocumentStatus.PublishQueue, label: '发布队列中', status: 'Processing' },
  { value: SpiderDocumentStatus.Publishing, label: '发布中', status: 'Processing' },
  { value: SpiderDocumentStatus.Published, label: '已发布', status: 'Success' },
  { value: SpiderDocumentStatus.PublishFailed, label: '发布失败', status: 'Error' },
] as const satisfies readonly TEnumOption<TSpiderDocumentStatus>[];
