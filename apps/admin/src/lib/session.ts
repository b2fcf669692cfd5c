import { STORAGE_KEYS, type TUser } from '@wenku/contracts';

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

/** The user the site saved at login: shown in the header until GET /user answers. */
export function readStoredUser(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): TUser | undefined {
  const raw = storage?.getItem(STORAGE_KEYS.user);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && typeof (v as TUser).username === 'string' ? (v as TUser) : undefined;
  } catch {
    return undefined;
  }
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

/**
 * The public site's origin: '' when the admin is served by the same origin under /admin/ (the default);
 * set VITE_SITE_URL when the admin is deployed on its own domain.
 */
const SITE_ORIGIN = ((import.meta.env?.VITE_SITE_URL as string | undefined) ?? '').replace(/\/+$/, '');

/** A link to a page of the public site (`/me/profile`, `/`). */
export function siteUrl(path = '/'): string {
  return `${SITE_ORIGIN}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Leave the admin for the public site (no token, no admin pages, or after log out). */
export function goToSite(path = '/'): void {
  window.location.href = siteUrl(path);
}
