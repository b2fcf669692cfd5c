import { STORAGE_KEYS } from '@wenku/contracts/constants';

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the session lives in memory only */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
  /** Everything the site keeps in localStorage (logout clears it all). */
  clearAll(): void {
    for (const key of Object.values(STORAGE_KEYS)) storage.remove(key);
  },
};

export function readStoredToken(): string {
  return storage.get(STORAGE_KEYS.token) ?? '';
}
