import { z } from 'zod';
import { zQueryArray, zTimestamp, zInt4, zDateString } from '../common/schemas';
import { ZDocument } from '../document/schemas';
import { SEARCH_SORTS, MOREDOC_ONLY_SEARCH_SORTS, MOREDOC_SEARCH_SORT_ALIASES, SEARCH_EXTS } from './constants';

export const ZSearchDocumentsQuery = z.object({
  wd: z.string({ error: '请输入搜索关键词' }).trim().min(1, '请输入搜索关键词').max(100, '关键词最多100个字'),
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(50).default(10),
  category_id: zQueryArray(zInt4),
  /** a type group; moredoc's `all` (and an empty value) means every type; `.PDF` reads as `pdf` */
  ext: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const e = v.trim().toLowerCase().replace(/^\./, '');
      return e === '' || e === 'all' ? undefined : e;
    },
    z.enum(SEARCH_EXTS, { error: '文档格式不正确' }).optional(),
  ),
  fee_type: z.enum(['free', 'charge']).optional(),
  language: zQueryArray(z.string()),
  user_id: zInt4.positive().optional(),
  /** [from, to] ISO dates */
  created_at: zQueryArray(zDateString),
  /** Wenku's sorts, moredoc's (`default`, `pages`, `size`, `download_count`…); empty means the default */
  sort: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim() === ''
          ? undefined
          : Object.hasOwn(MOREDOC_SEARCH_SORT_ALIASES, v.trim())
            ? MOREDOC_SEARCH_SORT_ALIASES[v.trim()]
            : v.trim()
        : v,
    z.enum([...SEARCH_SORTS, ...MOREDOC_ONLY_SEARCH_SORTS], { error: '排序方式不正确' }).default('relevance'),
  ),
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
