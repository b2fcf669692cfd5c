/** Browser storage keys shared by the site and the admin (same origin, one session). */
export const STORAGE_KEYS = {
  token: 'wenku:token',
  user: 'wenku:user',
  category: 'wenku:category',
  setting: 'wenku:setting',
  redirectAfterOauth: 'wenku:redirect-after-oauth',
} as const;

export const DEFAULT_OAUTH_REDIRECT = '/me';
