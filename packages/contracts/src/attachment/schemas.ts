import { z } from 'zod';
import { zQueryArray, zTimestamp, zBoolItem, zInt4, INT4_MAX } from '../common/schemas';

const zPage = zInt4.min(1).default(1);

// ---------------- attachments & upload ----------------
export const ZAttachment = z.object({
  id: z.number().int(),
  /**
   * The file's view key (`sha256("wenku-view:" + content hash)`): the same for every copy of the same bytes, so an
   * administrator still sees duplicates, but never the content hash itself, which names the file to the instant
   * upload (moredoc's admin shows it in its HASH column).
   */
  hash: z.string(),
  user_id: z.number().int(),
  username: z.string().optional(),
  type: z.number().int(),
  type_id: z.number().int(),
  enable: z.boolean(),
  name: z.string(),
  size: z.number(),
  ext: z.string(),
  description: z.string(),
  /** public URL for images (`/uploads/...`) */
  url: z.string().optional(),
  created_at: zTimestamp,
});
export type TAttachment = z.infer<typeof ZAttachment>;

/** Answer of POST /upload/document (moredoc wraps it in `data`). */
export const ZUploadResult = z.object({ data: ZAttachment });
/**
 * Instant upload (秒传) in two steps. 1: the browser sends the file's SHA-256 and size; when the server holds those
 * bytes it answers a challenge: byte ranges it picked at random and a signed token. 2: the browser sends the same
 * body plus the token and `proof`, the SHA-256 of those ranges' bytes one after the other; only then is the
 * attachment made. The content hash alone never gets a file: whoever learnt it must still show the bytes.
 */
export const ZCheckHashBody = z.object({
  hash: z.string().regex(/^[a-f0-9]{64}$/, '文件哈希格式不正确'),
  name: z.string().trim().min(1, '缺少文件名').max(255),
  size: z.number().int().min(1, '文件为空').max(Number.MAX_SAFE_INTEGER),
  /** the token of the challenge answered (step 2) */
  challenge: z.string().max(2048).optional(),
  /** SHA-256 (hex) of the challenge's ranges, read from the file in the order given */
  proof: z
    .string()
    .regex(/^[a-f0-9]{64}$/, '校验值格式不正确')
    .optional(),
});
/** A range of the file: `length` bytes from `offset`. */
export const ZByteRange = z.object({ offset: z.number().int().min(0), length: z.number().int().min(1) });
export const ZUploadChallenge = z.object({ token: z.string(), ranges: z.array(ZByteRange) });
export type TUploadChallenge = z.infer<typeof ZUploadChallenge>;
/**
 * `exists`: the server holds these bytes. `attachment`: made once possession is proven (step 2). `challenge`: what
 * to prove (step 1, or a step 2 whose token was stale); absent when there is nothing to prove or the proof failed.
 */
export const ZCheckHashResult = z.object({
  exists: z.boolean(),
  attachment: ZAttachment.nullable(),
  challenge: ZUploadChallenge.nullable().optional(),
});

export const ZListAttachmentsQuery = z.object({
  page: zPage,
  size: zInt4.min(1).max(1000).default(10),
  wd: z.string().trim().max(64).optional(),
  enable: zQueryArray(zBoolItem),
  user_id: zQueryArray(zInt4),
  type: zQueryArray(zInt4),
  ext: z.string().optional(),
});
export const ZUpdateAttachmentBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  name: z.string().trim().max(255).optional(),
  description: z.string().max(1024).optional(),
  enable: z.boolean().optional(),
});
