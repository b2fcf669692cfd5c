/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** origin of the API when the site is deployed on its own domain; empty for same origin */
  readonly VITE_API_BASE?: string;
}
