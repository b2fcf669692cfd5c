/**
 * The process (issue 16): a supervisor killed outright (SIGKILL) leaves no orphan server holding the data folder —
 * the server notices its supervisor is gone and shuts down gracefully, which also writes the view counts still in
 * memory. Runs the real server (src/server.ts) under the real supervisor (scripts/supervise.mjs) on the embedded
 * default, as `npm start` does.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { freePort } from './fakes/util';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUPERVISE = path.resolve(API, '../../scripts/supervise.mjs');

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a supervisor killed with SIGKILL', () => {
  it('takes its server with it: the port closes, the data folder is released, and the views are written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-orphan-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const supervisor = spawn(process.execPath, [SUPERVISE, process.execPath, '--import', 'tsx', 'src/server.ts'], {
      cwd: API,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        API_ONLY: '1',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'Orphan-Test-Pass-1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    supervisor.stderr!.on('data', (d) => (stderr += d));
    try {
      await until('the server', async () => ((await fetch(`${base}/health`)).ok ? true : undefined));
      // a footer page is a public article: three views, still in memory when the supervisor dies
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/article?identifier=about&with_view=true`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(true);

      supervisor.kill('SIGKILL');
      await until(
        'the server to stop answering',
        async () => {
          try {
            await fetch(`${base}/health`);
            return undefined;
          } catch {
            return true;
          }
        },
        30_000,
      );
      await until('the data folder to be released', async () => (fs.existsSync(path.join(dataDir, 'pgdata.lock')) ? undefined : true), 30_000);
      const database = await openDatabase({ dataDir });
      try {
        const { rows } = await database.pool.query(`SELECT view_count FROM articles WHERE identifier = 'about'`);
        expect(rows[0].view_count).toBe(3);
      } finally {
        await database.close();
      }
    } catch (e) {
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nserver output:\n${stderr.slice(-2000)}`);
    } finally {
      if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
