import { DEFAULT_OAUTH_REDIRECT, OAUTH_TYPES } from '@wenku/contracts/constants';
import { safeRedirect } from '../../app/access';

export type OAuthType = (typeof OAUTH_TYPES)[number];

export function isOAuthType(value: unknown): value is OAuthType {
  return typeof value === 'string' && (OAUTH_TYPES as readonly string[]).includes(value);
}

/**
 * Where an OAuth login comes back to (spec §4): the login page's `redirect` query, unless it starts with /oauth
 * (or is not a path of this site, or is another account page); /me by default.
 */
export function oauthReturnPath(redirect: string | null | undefined): string {
  if (!redirect || redirect.startsWith('/oauth')) return DEFAULT_OAUTH_REDIRECT;
  return safeRedirect(redirect, DEFAULT_OAUTH_REDIRECT);
}

/**
 * The callback the provider sends the browser back to: this site's /oauth/{type} on the origin the user is on, so a
 * login works whatever the configured domain says. The API fills in {type} per provider and signs it into `state`.
 */
export function oauthCallbackTemplate(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/oauth/{type}`;
}

/** Whole seconds until an ISO time (never negative); 0 for an invalid time. */
export function secondsUntil(iso: string | null | undefined, now: number = Date.now()): number {
  const at = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** mm:ss for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A code from the provider is usable once: React may mount the callback page twice, the login must run once. */
const usedCodes = new Set<string>();
export function claimOAuthCode(type: string, code: string): boolean {
  const key = `${type}:${code}`;
  if (usedCodes.has(key)) return false;
  usedCodes.add(key);
  return true;
}

const NONCE_KEY = 'wenku:oauth-nonce';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * This tab's OAuth nonce: kept in sessionStorage (the provider sends the browser back to the same tab), only its
 * hash goes into the authorize URL's state, and the callback page sends the nonce itself, so a callback link made in
 * another browser (an attacker's) is refused.
 */
export function oauthNonce(): string {
  let nonce = sessionStorage.getItem(NONCE_KEY);
  if (!nonce) {
    nonce = base64url(crypto.getRandomValues(new Uint8Array(32)));
    sessionStorage.setItem(NONCE_KEY, nonce);
  }
  return nonce;
}

/** The nonce of the flow that is coming back, forgotten at once (a state is used once). */
export function takeOAuthNonce(): string | undefined {
  const nonce = sessionStorage.getItem(NONCE_KEY) ?? undefined;
  sessionStorage.removeItem(NONCE_KEY);
  return nonce;
}

/** What the state carries of a nonce: its SHA-256, base64url. */
export async function oauthBinding(nonce: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(nonce))));
}
