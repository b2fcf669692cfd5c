/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const API_TARGET = process.env.WENKU_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/view', '/download', '/uploads', '/sitemap.xml'];
const CONTRACTS_SRC = /[\\/]packages[\\/]contracts[\\/]src[\\/].*\.ts$/;

/**
 * The contracts declare zod schemas beside the values the site uses (`export const ZCategoryType = z.enum(CategoryType)`
 * next to `CategoryType`). Building a schema has no side effect, but the bundler cannot know it, so one such line
 * would bring all of zod into the site. Marking the schema builders' calls pure lets the unused ones go.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'wenku:pure-contract-schemas',
    apply: 'build',
    transform: {
      filter: { id: CONTRACTS_SRC },
      handler(code) {
        return { code: code.replace(/([=(,:]\s*)(z\.|defineRoute\(|zQueryEnum\()/g, '$1/* @__PURE__ */ $2'), map: null };
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    pureContractSchemas(),
    // brotli and gzip copies of every asset, served by the API by Accept-Encoding (@fastify/static preCompressed);
    // index.html is left out: the server rewrites it on every answer
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|mjs|css|svg|json|txt|wasm|ttf|otf)$/, threshold: 1024 }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  preview: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // the contracts hold no side effects: a module of theirs whose exports the site does not use (the routes with
        // their zod schemas, most schemas) stays out of the bundle; everything else keeps its package.json's word
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // rendering antd pages in jsdom is slow on a loaded 2-core machine; time is never what these tests check
    testTimeout: 30000,
  },
});
