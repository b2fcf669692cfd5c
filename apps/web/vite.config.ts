/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { chunkPlanner } from './build/chunk-plan';

const API_TARGET = process.env.WENKU_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/view', '/download', '/uploads', '/sitemap.xml'];

/** The first load's chunks (build/chunk-plan.ts): the shell, then one group per set of budget pages (issue 16). */
const planner = chunkPlanner({
  shellRoots: [/[\\/]src[\\/]main\.tsx$/, /[\\/]app[\\/]layouts[\\/]default-layout\.tsx$/],
  pages: {
    home: /[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/,
    document: /[\\/]features[\\/]document[\\/]pages[\\/]document-page\.tsx$/,
    search: /[\\/]features[\\/]search[\\/]pages[\\/]search-page\.tsx$/,
  },
  packages: {
    '@wenku/ui': fileURLToPath(new URL('../../packages/ui/src/', import.meta.url)),
    '@wenku/contracts': fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url)),
  },
});

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    planner.plugin,
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
      output: {
        codeSplitting: { groups: [planner.group] },
      },
      treeshake: {
        // the rc-component packages under antd hold no side effects but do not say so: without this, antd's Input
        // brings the whole of rc-form and its validator along through the form context (the contracts say it in
        // their package.json: "sideEffects": false)
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // rendering antd pages in jsdom is slow on a loaded 2-core machine; time is never what these tests check
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
