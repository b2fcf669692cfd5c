import { STORAGE_KEYS } from '@wenku/contracts';

/**
 * The admin shares the public site's session: both are served from the same origin, so the token
 * lives in the same localStorage key. The site may store it raw or JSON-encoded; accept both.
 */
export function readToken(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): string | null {
  const raw = storage?.getItem(STORAGE_KEYS.token);
  if (!raw) return null;
  if (raw.startsWith('"')) {
    try {
      const v = JSON.parse(raw) as unknown;
      return typeof v === 'string' && v ? v : null;
    } catch {
      return null;
    }
  }
  return raw;
}

/** Log out clears everything the browser keeps for the site (spec §4: "Logout clears everything"). */
export function clearSession(storage: Pick<Storage, 'clear'> | undefined = safeStorage()): void {
  storage?.clear();
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Leave the admin for the public site (no token, no admin pages, or after log out). */
export function goToSite(path = '/'): void {
  window.location.href = path;
}
