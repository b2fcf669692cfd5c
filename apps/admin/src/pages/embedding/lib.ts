import type { TEmbeddingStats, TRetrievalMode, TVectorEngine } from '@wenku/contracts';

/** How the server stores vectors (GET /embedding/stats `engine`). */
export const ENGINE_LABELS: Record<TVectorEngine, string> = {
  pgvector: 'pgvector（HNSW）',
  exact: 'real[]（精确计算）',
};

export const RETRIEVAL_MODE_OPTIONS: { value: TRetrievalMode; label: string }[] = [
  { value: 'hybrid', label: '混合' },
  { value: 'keyword', label: '关键词' },
  { value: 'vector', label: '向量' },
];

/** The model line of the stats card. */
export function modelLabel(model: string): string {
  return model.trim() || '未配置向量模型（仅关键词检索）';
}

/** part / whole as a whole percentage for a progress bar (0 when there is nothing to do yet). */
export function percentOf(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  return Math.min(100, Math.floor((part / whole) * 100));
}

/** Something is still to be embedded (the page polls the stats and the list while it is). */
export function isIndexing(s: Pick<TEmbeddingStats, 'pending' | 'processing' | 'next_model' | 'next_vectors' | 'chunks'> | undefined): boolean {
  if (!s) return false;
  return s.pending > 0 || s.processing > 0 || (s.next_model !== '' && s.next_vectors < s.chunks);
}

/** A passage's rank in one retrieval list: #n, or — when that list did not find it. */
export function rankLabel(rank: number): string {
  return rank > 0 ? `#${rank}` : '—';
}

/** How often the stats are read again while indexing. */
export const STATS_POLL_MS = 3000;
