import type { TEnumOption } from './enum-option';

/** Text recognition status of a document, spec §4. */
export const OcrStatus = {
  Pending: 0,
  Recognising: 1,
  Success: 2,
  Failed: 3,
} as const;
export type TOcrStatus = (typeof OcrStatus)[keyof typeof OcrStatus];

export const OCR_STATUS_OPTIONS = [
  { value: OcrStatus.Pending, label: '待识别', status: 'Default' },
  { value: OcrStatus.Recognising, label: '识别中', status: 'Processing' },
  { value: OcrStatus.Success, label: '识别成功', status: 'Success' },
  { value: OcrStatus.Failed, label: '识别失败', status: 'Error' },
] as const satisfies readonly TEnumOption<TOcrStatus>[];
