import type { TAttachment } from '@wenku/contracts/schemas';

export type UploadPhase = 'queued' | 'hashing' | 'checking' | 'uploading' | 'done' | 'error';

export interface UploadItem {
  key: string;
  file: File;
  phase: UploadPhase;
  /** 0–100 */
  hashPercent: number;
  /** 0–100 */
  uploadPercent: number;
  /** the server already had the bytes (秒传) */
  instant: boolean;
  attachment?: TAttachment;
  error?: string;
  /** refused before sending (type, size): retrying cannot help */
  rejected?: boolean;
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'patch'; key: string; patch: Partial<Omit<UploadItem, 'key' | 'file'>> }
  | { type: 'remove'; key: string }
  | { type: 'reset' };

export function uploadReducer(state: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [...state, ...action.items];
    case 'patch':
      return state.map((it) => (it.key === action.key ? { ...it, ...action.patch } : it));
    case 'remove':
      return state.filter((it) => it.key !== action.key);
    case 'reset':
      return [];
  }
}

export function newItem(key: string, file: File, error?: string): UploadItem {
  return { key, file, phase: error ? 'error' : 'queued', hashPercent: 0, uploadPercent: 0, instant: false, error, rejected: Boolean(error) };
}

const isBusy = (it: UploadItem) => it.phase === 'queued' || it.phase === 'hashing' || it.phase === 'checking' || it.phase === 'uploading';
const isReady = (it: UploadItem) => it.phase === 'done' && it.attachment !== undefined;

/** What the submit button can do now. */
export function submitState(items: readonly UploadItem[]): { ready: number; busy: number; failed: number; canSubmit: boolean } {
  const ready = items.filter(isReady).length;
  const busy = items.filter(isBusy).length;
  const failed = items.filter((it) => it.phase === 'error').length;
  return { ready, busy, failed, canSubmit: ready > 0 && busy === 0 };
}

/** How many pipelines run at once: hashing and uploading two files in parallel keeps the network and CPU busy. */
const UPLOAD_CONCURRENCY = 2;

/** Queued items to start now, given how many are running. */
export function itemsToStart(items: readonly UploadItem[], concurrency = UPLOAD_CONCURRENCY): UploadItem[] {
  const running = items.filter((it) => it.phase === 'hashing' || it.phase === 'checking' || it.phase === 'uploading').length;
  return items.filter((it) => it.phase === 'queued').slice(0, Math.max(0, concurrency - running));
}
