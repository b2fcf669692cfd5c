/** Pure helpers of the 重建搜索索引 card (kept apart from React so they are easy to test). */

export interface ReindexStatus {
  running: boolean;
  total: number;
  done: number;
  started_at: string | null;
  finished_at: string | null;
  error: string;
}

/** Poll every 2 s while a rebuild runs. */
export const REINDEX_POLL_MS = 2000;

/** done/total as a whole percentage, 0–100; an empty index that finished reads 100. */
export function reindexPercent(s: Pick<ReindexStatus, 'running' | 'total' | 'done'>): number {
  if (s.total <= 0) return s.running ? 0 : 100;
  return Math.max(0, Math.min(100, Math.floor((s.done / s.total) * 100)));
}

export type ReindexPhase = 'idle' | 'running' | 'done' | 'failed';

/** What the card shows: never run, running, last run finished, last run failed. */
export function reindexPhase(s: ReindexStatus | undefined): ReindexPhase {
  if (!s) return 'idle';
  if (s.running) return 'running';
  if (s.error) return 'failed';
  return s.finished_at ? 'done' : 'idle';
}

/** '12 / 340' */
export function reindexCount(s: Pick<ReindexStatus, 'total' | 'done'>): string {
  return `${Math.max(0, s.done).toLocaleString('zh-CN')} / ${Math.max(0, s.total).toLocaleString('zh-CN')}`;
}

/** How long a run took, in words: '3秒', '2分5秒', '1小时2分'. */
export function durationText(from: string | null, to: string | null): string {
  if (!from || !to) return '';
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const sec = Math.max(1, Math.round(ms / 1000));
  if (sec < 60) return `${sec}秒`;
  const min = Math.floor(sec / 60);
  if (min < 60) return `${min}分${sec % 60 ? `${sec % 60}秒` : ''}`;
  return `${Math.floor(min / 60)}小时${min % 60 ? `${min % 60}分` : ''}`;
}
