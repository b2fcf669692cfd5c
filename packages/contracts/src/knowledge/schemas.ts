import { z } from 'zod';
import { INT4_MAX, zInt4, zNullableTimestamp, zQueryArray, zTimestamp } from '../common/schemas';
import { ZTaskStatus } from '../enums/schemas';

const zId = z.number().int().positive().max(INT4_MAX);

/** How retrieval ranks passages: the jieba full-text match, the vector neighbours, or both fused by reciprocal rank. */
export const ZRetrievalMode = z.enum(['hybrid', 'keyword', 'vector']);
export type TRetrievalMode = z.infer<typeof ZRetrievalMode>;

/** Which vector store this server uses: pgvector (HNSW) where the extension exists, else `real[]` ranked exactly. */
export const ZVectorEngine = z.enum(['pgvector', 'exact']);
export type TVectorEngine = z.infer<typeof ZVectorEngine>;

/** One document's place in the AI index (admin ai/embedding): its chunks and vectors and the task's state. */
export const ZEmbeddingTask = z.object({
  document_id: z.number().int(),
  title: z.string(),
  uuid: z.string(),
  ext: z.string(),
  /** spec §4: pending 0, processing 1, done 2, failed 3 */
  status: ZTaskStatus,
  /** why it failed, readable */
  error: z.string(),
  /** chunks cut from the document's text */
  chunks: z.number().int(),
  /** chunks with a vector of `model` */
  embedded: z.number().int(),
  /** the embedding model of its vectors ('' = keyword index only) */
  model: z.string(),
  attempts: z.number().int(),
  updated_at: zTimestamp,
  finished_at: zNullableTimestamp,
});
export type TEmbeddingTask = z.infer<typeof ZEmbeddingTask>;

export const ZListEmbeddingTasksQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  status: zQueryArray(z.coerce.number().pipe(ZTaskStatus)),
  /** title contains */
  wd: z.string().trim().max(64).optional(),
});

/** The index as a whole: the model in use, the engine, counts and progress of a re-embedding. */
export const ZEmbeddingStats = z.object({
  /** the embedding model answers use ('' = none configured: keyword retrieval only) */
  model: z.string(),
  /** the model being embedded in the background after a change (answers use `model` until it is complete) */
  next_model: z.string(),
  engine: ZVectorEngine,
  dimension: z.number().int(),
  documents: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  chunks: z.number().int(),
  /** chunks with a vector of `model` */
  vectors: z.number().int(),
  /** chunks with a vector of `next_model` */
  next_vectors: z.number().int(),
});
export type TEmbeddingStats = z.infer<typeof ZEmbeddingStats>;

/** PUT /embedding/retry: these documents, or every failed one when `id` is empty. */
export const ZRetryEmbeddingBody = z.object({ id: z.array(zId).max(1000).default([]) });
export const ZEmbeddingCount = z.object({ count: z.number().int() });

/** A passage found for a question: the document, the page, the score, and the text around the match. */
export const ZRetrievedPassage = z.object({
  document_id: z.number().int(),
  title: z.string(),
  uuid: z.string(),
  page: z.number().int(),
  score: z.number(),
  snippet: z.string(),
  /** rank in each list before fusion (0 = not found by it) */
  keyword_rank: z.number().int(),
  vector_rank: z.number().int(),
});
export type TRetrievedPassage = z.infer<typeof ZRetrievedPassage>;

/** GET /embedding/search: the administrators' hit test of retrieval. */
export const ZTestRetrievalQuery = z.object({
  wd: z.string({ error: '请输入问题' }).trim().min(1, '请输入问题').max(500, '问题最多500个字符'),
  mode: ZRetrievalMode.default('hybrid'),
  size: zInt4.min(1).max(50).default(10),
  document_id: zQueryArray(zInt4.positive()),
});
export const ZTestRetrievalResult = z.object({ passages: z.array(ZRetrievedPassage), took_ms: z.number(), mode: ZRetrievalMode });
