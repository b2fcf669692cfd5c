import { z } from 'zod';
import { INT4_MAX, zInt4, zTimestamp } from '../common/schemas';

/** A document by its uuid (the reader's routes name documents the way its page does). */
const zUuid = z
  .string({ error: '缺少文档 uuid' })
  .trim()
  .min(1, '缺少文档 uuid')
  .max(32, '文档 uuid 不正确')
  .regex(/^[a-zA-Z0-9]+$/, '文档 uuid 不正确');
const zPage = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(INT4_MAX, '页码不正确');

/** A box on a page, in the page image's coordinates (points from its top left). */
export const ZTextRect = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
export type TTextRect = z.infer<typeof ZTextRect>;

/**
 * A page's text layer (GET /view/text/{uuid}/{page}.json): its text in runs, each where it is drawn; `br` 1 ends a
 * line after the run, 2 a paragraph; `v` marks vertical writing.
 */
export const ZTextLayer = z.object({
  page: z.number().int(),
  width: z.number(),
  height: z.number(),
  spans: z.array(
    ZTextRect.extend({
      text: z.string(),
      br: z.union([z.literal(1), z.literal(2)]).optional(),
      v: z.literal(1).optional(),
    }),
  ),
});
export type TTextLayer = z.infer<typeof ZTextLayer>;
export type TLayerSpan = TTextLayer['spans'][number];

/** GET /document/find: words to find in one document (Chinese or Latin; spaces, line breaks and widths ignored). */
export const ZFindInDocumentQuery = z.object({
  uuid: zUuid,
  wd: z.string({ error: '请输入要查找的内容' }).trim().min(1, '请输入要查找的内容').max(64, '查找内容最多 64 个字'),
});

export const ZFindHitPage = z.object({
  page: z.number().int(),
  /** hits on the page */
  count: z.number().int(),
  /** the first hit with some text around it */
  snippet: z.string(),
  /** every hit's boxes (a hit across a line break has one per line); empty when the page has no text layer */
  rects: z.array(ZTextRect),
});
export const ZFindInDocumentAnswer = z.object({
  /** hits over all pages searched */
  total: z.number().int(),
  /** pages with hits, in page order */
  pages: z.array(ZFindHitPage),
  /** the pages searched: 1..readable, the pages this reader may read */
  readable: z.number().int(),
  /** more hits than are listed (pages and boxes are capped) */
  truncated: z.boolean(),
});
export type TFindInDocumentAnswer = z.infer<typeof ZFindInDocumentAnswer>;
export type TFindHitPage = z.infer<typeof ZFindHitPage>;

export const ZReaderQuery = z.object({ uuid: zUuid });

/** An outline entry: its title, the page it opens (and how far down, in points), its depth (1 = top). */
export const ZOutlineItem = z.object({ title: z.string(), page: z.number().int(), level: z.number().int(), y: z.number().optional() });
export type TOutlineItem = z.infer<typeof ZOutlineItem>;

/** GET /document/reader: what the reader needs besides the document: its limits, copy right, outline and the saved page. */
export const ZReaderInfo = z.object({
  /** pages this reader may read online, 1..readable */
  readable: z.number().int(),
  /** whether the pages have text layers (false while a document converted before them waits for the backfill) */
  has_text: z.boolean(),
  /** the layers' version: the reader asks for /view/text/{uuid}/{page}.json?v={text_key}, cached for good */
  text_key: z.string(),
  /** whether this reader may copy the text (config display.copy_text); otherwise the layer serves find and highlights */
  can_copy: z.boolean(),
  outline: z.array(ZOutlineItem),
  /** the logged-in reader's saved page, 0 when none (anonymous readers keep theirs in the browser) */
  progress: z.number().int(),
});
export type TReaderInfo = z.infer<typeof ZReaderInfo>;

/** PUT /document/progress: the page the reader is on. */
export const ZSaveProgressBody = z.object({ uuid: zUuid, page: zPage });
export const ZReadingProgress = z.object({ page: z.number().int(), updated_at: zTimestamp.nullable() });

/** /me 最近阅读: the documents a reader opened lately, with where they stopped. */
export const ZListReadingQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(100).default(20),
});
export const ZReadingItem = z.object({
  document_id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  ext: z.string(),
  pages: z.number().int(),
  cover: z.string(),
  /** the page they stopped at */
  page: z.number().int(),
  updated_at: zTimestamp,
});
export type TReadingItem = z.infer<typeof ZReadingItem>;

/** PUT|GET /renew/document/text-layer: the backfill of text layers for documents converted before them. */
export const ZTextLayerStatus = z.object({
  running: z.boolean(),
  /** converted files, and how many have their text layers */
  total: z.number().int(),
  done: z.number().int(),
  /** files whose source could not be read again this run */
  failed: z.number().int(),
  error: z.string(),
  started_at: zTimestamp.nullable(),
  finished_at: zTimestamp.nullable(),
});
export type TTextLayerStatus = z.infer<typeof ZTextLayerStatus>;
