import { z } from 'zod';
import { zQueryArray, zTimestamp, zInt4, zDateString } from '../common/schemas';
import { ZDocument } from '../document/schemas';

export const SEARCH_SORTS = ['relevance', 'latest', 'downloads', 'views', 'score'] as const;

export const ZSearchDocumentsQuery = z.object({
  wd: z.string({ error: '请输入搜索关键词' }).trim().min(1, '请输入搜索关键词').max(100, '关键词最多100个字'),
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(50).default(10),
  category_id: zQueryArray(zInt4),
  ext: z.enum(['pdf', 'word', 'ppt', 'excel', 'text', 'epub', 'mobi', 'chm', 'umd', 'other', 'doc', 'xls', 'txt']).optional(),
  fee_type: z.enum(['free', 'charge']).optional(),
  language: zQueryArray(z.string()),
  user_id: zInt4.positive().optional(),
  /** [from, to] ISO dates */
  created_at: zQueryArray(zDateString),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
});

/** A hit: the document plus highlighted fragments (matches wrapped in <em>, everything else HTML-escaped). */
export const ZSearchHit = ZDocument.extend({ highlight_title: z.string(), highlight_snippet: z.string(), rank: z.number() });
export const ZSearchDocumentsResult = z.object({
  total: z.number().int(),
  /** seconds the search took */
  spend: z.number(),
  max_page: z.number().int(),
  document: z.array(ZSearchHit),
  /** words the query was segmented into (for display and highlighting) */
  words: z.array(z.string()),
});

export const ZSearchRecord = z.object({
  id: z.number().int(),
  keywords: z.string(),
  type: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  spend_time: z.number(),
  user_id: z.number().int(),
  username: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: zTimestamp,
});
export const ZListSearchRecordsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(20),
  wd: z.string().trim().max(100).optional(),
  type: zQueryArray(zInt4),
  user_id: zQueryArray(zInt4),
  ip: z.string().trim().max(64).optional(),
});
export const ZReindexStatus = z.object({
  running: z.boolean(),
  total: z.number().int(),
  done: z.number().int(),
  started_at: zTimestamp.nullable(),
  finished_at: zTimestamp.nullable(),
  error: z.string(),
});
export const ZDictBody = z.object({ words: z.string().max(200000) });
