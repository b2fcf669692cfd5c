import type { ChunkRepo } from './chunk.repo';
import type { EmbeddingModels } from './models';
import type { TaskRepo } from './task.repo';
import type { VectorMatrices } from './vector-matrix';

export interface KnowledgeAdminDeps {
  tasks: TaskRepo;
  chunks: ChunkRepo;
  models: EmbeddingModels;
  matrices?: VectorMatrices;
}

/** The administrators' view of the AI index: its tasks, its counts, the retrieval engine on the envs page. */
export class KnowledgeAdmin {
  constructor(private readonly deps: KnowledgeAdminDeps) {}

  /** The admin envs page's line for retrieval. */
  async envs() {
    const engine = await this.deps.models.engine();
    return [
      {
        name: '向量检索',
        installed: true,
        version: engine === 'pgvector' ? 'pgvector（HNSW）' : this.deps.matrices ? 'real[]（进程内精确计算）' : 'real[]（数据库内精确计算）',
        description:
          engine === 'pgvector'
            ? 'AI 检索：数据库已安装 pgvector 扩展，向量用 HNSW 索引近邻检索，与全文检索融合排序'
            : this.deps.matrices
              ? 'AI 检索：数据库没有 pgvector 扩展，向量存为 real[]，由 API 进程读入内存精确计算余弦相似度（上限 VECTOR_MEMORY_MB，默认 512 MB，超出时在数据库中计算）；文档很多时建议使用带 pgvector 的 PostgreSQL'
              : 'AI 检索：数据库没有 pgvector 扩展，向量存为 real[] 并在数据库中精确计算余弦相似度；文档很多时建议使用带 pgvector 的 PostgreSQL',
        required: false,
      },
    ];
  }

  async listTasks(q: { page: number; size: number; status?: number[]; wd?: string }) {
    const { rows, total } = await this.deps.tasks.listTasks(q);
    const models = new Map((await this.deps.chunks.models()).map((m) => [m.model, m.name]));
    return {
      total,
      embedding: rows.map(({ task: t, title, uuid, ext }) => ({
        document_id: t.documentId,
        title,
        uuid,
        ext,
        status: t.status as 0 | 1 | 2 | 3,
        error: t.error,
        chunks: t.chunks,
        embedded: t.embedded,
        model: models.get(t.model) ?? t.model.split('|').pop() ?? '',
        attempts: t.attempts,
        updated_at: t.updatedAt.toISOString(),
        finished_at: t.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  async stats() {
    const [{ active, building }, counts, chunks, engine] = await Promise.all([
      this.deps.models.states(),
      this.deps.tasks.taskCounts(),
      this.deps.chunks.countChunks(),
      this.deps.models.engine(),
    ]);
    const n = (s: number) => counts[s] ?? 0;
    return {
      model: active?.name ?? '',
      next_model: building?.name ?? '',
      engine,
      dimension: active?.dimension || building?.dimension || 0,
      documents: n(0) + n(1) + n(2) + n(3),
      pending: n(0),
      processing: n(1),
      done: n(2),
      failed: n(3),
      chunks,
      vectors: active ? await this.deps.chunks.countVectors(active.model) : 0,
      next_vectors: building ? await this.deps.chunks.countVectors(building.model) : 0,
    };
  }
}
