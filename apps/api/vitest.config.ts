import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // hang guards, not speed limits: a test waits for effects, and on a loaded 2-core machine (CI shares it) a PGlite
    // boot or a LibreOffice start can take minutes; files pass no shorter limits of their own
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // each file opens its own database (PGlite boot or a fresh PostgreSQL database); two at a time on 2 cores
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
