#!/usr/bin/env node
// Makes the workspace usable on a machine that has only Node 20 + npm:
//   1. pnpm at exactly the version pinned in package.json "packageManager"
//      (the global one if it matches, else a private copy in ./.tools — no root needed;
//      corepack is deliberately not used, it cannot verify pnpm on our registry),
//   2. `pnpm install` (frozen lockfile in CI).
// Other scripts import { bootstrap } and run every child with the env it returns, so
// turbo's own child processes (`pnpm run <task>`) find the same pnpm on PATH.
//
// CLI: node scripts/bootstrap.mjs [command args...]
//   Without a command it only bootstraps. With one, it bootstraps and then runs the
//   command with the prepared env, exiting with its code (used by package.json scripts).
//   WENKU_SKIP_INSTALL=1 skips `pnpm install` (pnpm itself is still ensured).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLS_DIR = join(ROOT, '.tools');
const TOOLS_BIN = join(TOOLS_DIR, 'node_modules', '.bin');
const IS_WIN = process.platform === 'win32';

const log = (msg) => console.log(`[bootstrap] ${msg}`);

export function isCI(env = process.env) {
  const v = env.CI;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** The pnpm version pinned in the root package.json, e.g. "10.34.9". */
export function pinnedPnpmVersion() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const pm = String(pkg.packageManager ?? '');
  const m = /^pnpm@([^+\s]+)/.exec(pm);
  if (!m) throw new Error(`package.json "packageManager" must be "pnpm@<version>", found "${pm}"`);
  return m[1];
}

/** The base env for every child: telemetry off, onnxruntime's download-postinstall off. */
function baseEnv(env) {
  return {
    ...env,
    TURBO_TELEMETRY_DISABLED: '1',
    TURBO_NO_UPDATE_NOTIFIER: '1',
    ONNXRUNTIME_NODE_INSTALL: 'skip',
    // pnpm must never try to download "the right" pnpm by itself (it would fail like corepack).
    npm_config_manage_package_manager_versions: 'false',
  };
}

function withToolsOnPath(env) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  const parts = (env[key] ?? '').split(delimiter).filter((p) => p && resolve(p) !== TOOLS_BIN);
  return { ...env, [key]: [TOOLS_BIN, ...parts].join(delimiter) };
}

/** `pnpm --version` for the pnpm found through env's PATH (or an explicit binary), or null. */
function pnpmVersion(env, bin = 'pnpm') {
  // Run outside the repo so a mismatching pnpm does not try to switch to the pinned version.
  const r = spawnSync(bin, ['--version'], {
    cwd: tmpdir(),
    env,
    encoding: 'utf8',
    shell: IS_WIN,
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 60_000,
  });
  if (r.error || r.status !== 0) return null;
  const v = r.stdout.trim().split(/\s+/).pop();
  return v || null;
}

/**
 * The env (PATH first of all) to run pnpm/turbo with, WITHOUT installing anything.
 * Puts ./.tools/node_modules/.bin first on PATH when a private pnpm was installed there.
 */
export function toolEnv(env = process.env) {
  const base = baseEnv(env);
  return existsSync(join(TOOLS_BIN, IS_WIN ? 'pnpm.cmd' : 'pnpm')) ? withToolsOnPath(base) : base;
}

/** Makes sure pnpm@<pin> is runnable as `pnpm`; returns the env to use. */
export function ensurePnpm(env = process.env) {
  const pin = pinnedPnpmVersion();
  const base = baseEnv(env);

  const global = pnpmVersion(base);
  if (global === pin) {
    log(`pnpm ${pin} found on PATH`);
    return base;
  }

  const toolsEnv = withToolsOnPath(base);
  const local = pnpmVersion(toolsEnv, join(TOOLS_BIN, IS_WIN ? 'pnpm.cmd' : 'pnpm'));
  if (local === pin) {
    log(`pnpm ${pin} found in .tools/`);
    return toolsEnv;
  }

  log(
    `${global ? `pnpm on PATH is ${global}, not ${pin}` : 'pnpm not found on PATH'}; ` +
      `installing pnpm@${pin} into .tools/`,
  );
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', TOOLS_DIR, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `pnpm@${pin}`],
    { cwd: ROOT, env: base, stdio: 'inherit', shell: IS_WIN },
  );
  if (npm.error || npm.status !== 0) {
    throw new Error(`npm install pnpm@${pin} failed (${npm.error?.message ?? `exit ${npm.status}`})`);
  }
  const installed = pnpmVersion(toolsEnv, join(TOOLS_BIN, IS_WIN ? 'pnpm.cmd' : 'pnpm'));
  if (installed !== pin) throw new Error(`.tools pnpm reports ${installed ?? 'nothing'}, expected ${pin}`);
  log(`pnpm ${pin} installed in .tools/`);
  return toolsEnv;
}

/** Runs a command, inheriting stdio; resolves to its exit code (signals map to 128+n). */
export function run(cmd, args, { env = process.env, cwd = ROOT, quiet = false } = {}) {
  if (!quiet) console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], shell: IS_WIN });
    child.on('error', (err) => {
      console.error(`failed to start ${cmd}: ${err.message}`);
      resolvePromise(127);
    });
    child.on('close', (code, signal) => resolvePromise(code ?? 128 + (signalNumber(signal) ?? 1)));
  });
}

function signalNumber(signal) {
  const n = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 }[signal];
  return n ?? null;
}

/** pnpm install: frozen lockfile in CI; locally, fall back to a plain install if the lockfile is stale. */
export async function installDeps(env) {
  const hasLock = existsSync(join(ROOT, 'pnpm-lock.yaml'));
  if (hasLock) {
    const code = await run('pnpm', ['install', '--frozen-lockfile'], { env });
    if (code === 0 || isCI(env)) return code;
    log('frozen install failed (lockfile out of date?); retrying with a plain `pnpm install`');
  }
  return run('pnpm', ['install'], { env });
}

/**
 * Ensures pnpm and installs the workspace. Returns the env every later child must use.
 * Throws if pnpm cannot be provided or the install fails.
 */
export async function bootstrap({ env = process.env, install = env.WENKU_SKIP_INSTALL !== '1' } = {}) {
  const toolEnvResult = ensurePnpm(env);
  if (install) {
    const code = await installDeps(toolEnvResult);
    if (code !== 0) throw new Error(`pnpm install failed with exit code ${code}`);
  }
  return toolEnvResult;
}

const isMain = process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const [cmd, ...args] = process.argv.slice(2);
  let env;
  try {
    env = await bootstrap();
  } catch (err) {
    console.error(`[bootstrap] ${err.message}`);
    process.exit(1);
  }
  if (cmd) process.exitCode = await run(cmd, args, { env, cwd: process.cwd(), quiet: true });
}
