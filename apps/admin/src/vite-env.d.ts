/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when the admin is not served by the API itself ('' = same origin) */
  readonly VITE_API_BASE?: string;
  /** public site origin when the admin lives on its own domain ('' = same origin) */
  readonly VITE_SITE_URL?: string;
}
