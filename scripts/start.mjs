#!/usr/bin/env node
// `npm start`: one process serving everything.
//   1. bootstrap (pnpm at the pinned version, pnpm install)
//   2. build the web and admin bundles and the compiled API (apps/api/dist), through turbo: each is
//      skipped when its sources have not changed since the last build
//   3. run `node dist/server.js` in apps/api (plain JavaScript, no TypeScript loader) — the API applies
//      migrations, seeds, and serves the web app at /, the admin at /admin/, the API at /api/v1 and
//      OpenAPI at /api/docs.
// SIGINT/SIGTERM are passed on so the API shuts down gracefully; we exit with its code.
// Env: PORT (default 8080, the API's default), DATA_DIR (default <repo>/data, made absolute
// because the API runs with apps/api as its working directory), WENKU_SKIP_BUILD=1 to reuse
// existing builds, WENKU_SKIP_INSTALL=1 to skip `pnpm install`.
import { existsSync } from 'node:fs';
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
const dataDir = env.DATA_DIR ? (isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(userCwd, env.DATA_DIR)) : join(ROOT, 'data');
env = { ...env, DATA_DIR: dataDir };

const apiDir = join(ROOT, 'apps', 'api');
const server = join(apiDir, 'dist', 'server.js');

if (env.WENKU_SKIP_BUILD === '1') {
  console.log('[start] WENKU_SKIP_BUILD=1: using the existing web/admin bundles and apps/api/dist');
} else {
  const code = await run('pnpm', ['turbo', 'run', 'build', '--filter=@wenku/web', '--filter=@wenku/admin', '--filter=@wenku/api', '--env-mode=loose'], { env });
  if (code !== 0) {
    console.error(`[start] building web/admin/api failed (exit ${code})`);
    process.exit(code);
  }
}
if (!existsSync(server)) {
  console.error(`[start] ${server} is missing: run \`pnpm --filter @wenku/api build\` (or start without WENKU_SKIP_BUILD)`);
  process.exit(1);
}

console.log(`\n[start] starting the API (PORT=${env.PORT ?? '8080 (default)'}, DATA_DIR=${dataDir})`);
// node itself, not `pnpm start`: no package manager or shell between the supervisor and the server
process.exitCode = await supervise(process.execPath, [server], { env, cwd: apiDir });
