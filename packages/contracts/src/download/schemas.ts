import { z } from 'zod';
import { zTimestamp } from '../common/schemas';

export const ZDownloadResult = z.object({ url: z.string() });
export const ZDownloadRecord = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  document_uuid: z.string(),
  title: z.string(),
  ext: z.string(),
  size: z.number(),
  pages: z.number().int(),
  score: z.number().int(),
  price: z.number().int(),
  is_pay: z.boolean(),
  created_at: zTimestamp,
});
