/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const API_TARGET = process.env.WENKU_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/view', '/download', '/uploads', '/sitemap.xml'];

export default defineConfig({
  base: '/',
  plugins: [
    react(),
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
