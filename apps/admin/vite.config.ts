import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** Where the dev server forwards API calls, page images and uploads (the API's default port). */
const apiTarget = process.env.WENKU_API_URL ?? 'http://127.0.0.1:8080';
const proxy = {
  ...Object.fromEntries(['/api', '/view', '/uploads'].map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  // Everything else outside /admin/ is the public site (the API serves it), as in production: leaving
  // the admin for `/` (no token, log out) then lands on the site instead of bouncing back to /admin/.
  '^/(?!admin(/|$)|api/|view/|uploads/).*': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    // brotli and gzip copies of every asset, served by the API by Accept-Encoding (@fastify/static preCompressed);
    // index.html is left out: the server rewrites it on every answer
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|mjs|css|svg|json|txt|wasm|ttf|otf)$/, threshold: 1024 }),
  ],
  server: { host: '127.0.0.1', port: 5174, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5174, proxy },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // a hang guard, not a speed limit: rendering antd pages in jsdom on a loaded 2-core machine takes its time
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
