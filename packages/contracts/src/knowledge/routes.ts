import { defineRoute } from '../common/route';
import { zList } from '../common/schemas';
import {
  ZEmbeddingCount,
  ZEmbeddingStats,
  ZEmbeddingTask,
  ZListEmbeddingTasksQuery,
  ZRetryEmbeddingBody,
  ZTestRetrievalQuery,
  ZTestRetrievalResult,
} from './schemas';

/** The AI index of the library (admin ai/embedding): per-document chunks and vectors, retries, rebuilds, a hit test. */
export const knowledgeRoutes = {
  listEmbeddingTasks: defineRoute({
    method: 'GET',
    path: '/embedding/list',
    auth: 'admin',
    list: true,
    module: 'embedding',
    summary: '向量化任务列表',
    query: ZListEmbeddingTasksQuery,
    response: zList('embedding', ZEmbeddingTask),
  }),
  getEmbeddingStats: defineRoute({
    method: 'GET',
    path: '/embedding/stats',
    auth: 'admin',
    module: 'embedding',
    summary: '向量化概况（模型、引擎、进度）',
    response: ZEmbeddingStats,
  }),
  retryEmbedding: defineRoute({
    method: 'PUT',
    path: '/embedding/retry',
    auth: 'admin',
    module: 'embedding',
    summary: '重试向量化（不选则重试全部失败的）',
    body: ZRetryEmbeddingBody,
    response: ZEmbeddingCount,
  }),
  rebuildEmbedding: defineRoute({
    method: 'PUT',
    path: '/embedding/rebuild',
    auth: 'admin',
    module: 'embedding',
    summary: '全部重建（重新切分并向量化）',
    response: ZEmbeddingCount,
  }),
  testRetrieval: defineRoute({
    method: 'GET',
    path: '/embedding/search',
    auth: 'admin',
    module: 'embedding',
    summary: '检索测试',
    query: ZTestRetrievalQuery,
    response: ZTestRetrievalResult,
  }),
};
