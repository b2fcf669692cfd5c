import { z } from 'zod';
import { INT4_MAX, zInt4, zNullableTimestamp, zQueryArray, zTimestamp } from '../common/schemas';
import { ZOcrStatus } from '../enums/schemas';

const zId = z.number().int().positive().max(INT4_MAX, '数值超出范围');

/** One document's text recognition (admin document/ocr): the state of its file's OCR, progress and error. */
export const ZOcrDocument = z.object({
  document_id: z.number().int(),
  title: z.string(),
  uuid: z.string(),
  ext: z.string(),
  /** spec §4: pending 0, recognising 1, success 2, failed 3; null: never recognised */
  status: ZOcrStatus.nullable(),
  /** why it failed, readable */
  error: z.string(),
  /** pages recognised so far / pages that need recognition */
  pages_done: z.number().int(),
  pages_total: z.number().int(),
  /** the engine that ran: `tesseract 5.3.0`, `tesseract.js 7.0.0` */
  engine: z.string(),
  attempts: z.number().int(),
  updated_at: zTimestamp,
  finished_at: zNullableTimestamp,
});
export type TOcrDocument = z.infer<typeof ZOcrDocument>;

export const ZListOcrDocumentsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  status: zQueryArray(z.coerce.number().pipe(ZOcrStatus)),
  /** title contains */
  wd: z.string().trim().max(64).optional(),
});

/** PUT /ocr/document (OCR these documents now) and PUT /ocr/document/retry (these, or every failed one when empty). */
export const ZOcrDocumentsBody = z.object({ id: z.array(zId).min(1, '请选择文档').max(1000, '一次最多 1000 篇文档') });
export const ZRetryOcrBody = z.object({ id: z.array(zId).max(1000, '一次最多 1000 篇文档').default([]) });
export const ZOcrCount = z.object({ count: z.number().int() });
