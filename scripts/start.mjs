#!/usr/bin/env node
// `npm start`: one process serving everything.
//   1. bootstrap (pnpm at the pinned version, pnpm install)
//   2. build the web and admin bundles
//   3. run `pnpm --filter @wenku/api start` — the API applies migrations, seeds, and serves the
//      web app at /, the admin at /admin/, the API at /api/v1 and OpenAPI at /api/docs.
// SIGINT/SIGTERM are passed on so the API shuts down gracefully; we exit with its code.
// Env: PORT (default 8080, the API's default), DATA_DIR (default <repo>/data, made absolute
// because the API runs with apps/api as its working directory), WENKU_SKIP_BUILD=1 to reuse
// existing bundles, WENKU_SKIP_INSTALL=1 to skip `pnpm install`.
import { isAbsolute, join, resolve } from 'node:path';
import { ROOT, bootstrap, run } from './bootstrap.mjs';
import { supervise } from './supervise.mjs';

let env;
try {
  env = await bootstrap();
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.exit(1);
}

// npm runs scripts from the repo root; INIT_CWD is where the user typed the command.
const userCwd = process.env.INIT_CWD || process.cwd();
const dataDir = env.DATA_DIR
  ? isAbsolute(env.DATA_DIR)
    ? env.DATA_DIR
    : resolve(userCwd, env.DATA_DIR)
  : join(ROOT, 'data');
env = { ...env, DATA_DIR: dataDir };

if (env.WENKU_SKIP_BUILD === '1') {
  console.log('[start] WENKU_SKIP_BUILD=1: using the existing web/admin bundles');
} else {
  const code = await run(
    'pnpm',
    ['turbo', 'run', 'build', '--filter=@wenku/web', '--filter=@wenku/admin', '--env-mode=loose'],
    { env },
  );
  if (code !== 0) {
    console.error(`[start] building web/admin failed (exit ${code})`);
    process.exit(code);
  }
}

console.log(`\n[start] starting the API (PORT=${env.PORT ?? '8080 (default)'}, DATA_DIR=${dataDir})`);
process.exitCode = await supervise('pnpm', ['--filter', '@wenku/api', 'start'], { env, cwd: ROOT });
