import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // each file opens its own database (PGlite boot or a fresh PostgreSQL database); two at a time on 2 cores
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
