/**
 * Scale-out, proven (issue 16): one PostgreSQL database, two API processes (NO_WORKER=1) and two worker processes
 * (src/worker.ts), every one a real child process with its own data folder, sharing only the database and an
 * S3-compatible store (the project's fake S3, which checks every request's signature). Shows that:
 *
 * 1. uploads through either API are converted exactly once each (one pg-boss job per file, one conversion run, one
 *    "document converted" line across both workers);
 * 2. a worker killed with SIGKILL half way through a conversion (its page images written, no cover, no text) leaves
 *    the job to the other worker, through the heartbeat (kernel/worker-heartbeat.ts) — not pg-boss's half-hour
 *    expiry: the job is retried once, finishes on the survivor, and the output is whole;
 * 3. a logout on one API revokes the token on the other;
 * 4. an edit through one API is seen through the other at once (the cache bus), while an edit that bypasses the API
 *    is not (so the other process does cache);
 * 5. a rate limit holds across both APIs (counters in the database, not per process);
 * 6. the daily sign-in awards once when 40 requests are spread over both APIs.
 *
 * PostgreSQL only (several processes cannot share the embedded database); skipped on PGlite runs.
 * The workers run with a test-only pause after writing page images (WENKU_TEST_CONVERT_DELAY_MS, NODE_ENV=test)
 * so the test can catch one mid-conversion, and with a short heartbeat (0.5 s, dead after 5 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentStatus } from '@wenku/contracts';
import { startFakeS3, type FakeS3 } from './fakes/s3-server';
import { createTestDatabase } from './helpers';
import { textPdf } from './factories';
import { freePort } from './fakes/util';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'Scale-Out-Admin-1';
const USER_PASSWORD = 'Scale-Out-User-1';
const CONVERT_DELAY_MS = 4000;
const LOGIN_LIMIT = 12;

/** An error `until` does not wait out (a process that exited will not come back). */
class Fatal extends Error {}

/** Polls until `probe` answers something other than undefined (never a fixed sleep that asserts time). */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 90_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      if (e instanceof Fatal) throw e;
      last = e;
    }
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${last instanceof Error ? last.message : String(last)})` : ''}`);
}

interface Proc {
  name: string;
  child: ChildProcess;
  output: string;
  dataDir: string;
}

/** "document converted" lines per file hash in a worker's output (the console logger prints the details inspected). */
function conversionsLogged(output: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of output.matchAll(/document converted \{\s*hash: '([0-9a-f]{64})'/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return counts;
}

const runOnPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!runOnPostgres)('two APIs and two workers on one PostgreSQL and one S3', () => {
  let s3: FakeS3;
  let dbUrl: string;
  let probe: pg.Pool;
  let drop: () => Promise<void>;
  const procs: Proc[] = [];
  const apis: string[] = [];
  let workers: Proc[] = [];

  const start = (name: string, entry: string, env: Record<string, string>): Proc => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wenku-${name}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_FORCE_PATH_STYLE: '1',
        JWT_SECRET: 'scale-out-test-secret-shared-by-every-api',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD,
        API_ONLY: '1',
        LOG_LEVEL: 'warn',
        // the test names its client address per scenario (X-Forwarded-For), as a proxy in front of both APIs would
        // (a named proxy rather than a hop count: the safer of the two)
        TRUST_PROXY: 'loopback',
        WORKER_HEARTBEAT_SECONDS: '0.5',
        WORKER_DEAD_AFTER_SECONDS: '5',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { name, child, output: '', dataDir };
    child.stdout!.on('data', (d) => (p.output += d));
    child.stderr!.on('data', (d) => (p.output += d));
    procs.push(p);
    return p;
  };

  const tail = () => procs.map((p) => `--- ${p.name} (exit ${p.child.exitCode ?? p.child.signalCode ?? 'running'})\n${p.output.slice(-3000)}`).join('\n');

  /** A request to one of the APIs, as client `ip` (X-Forwarded-For). */
  const req = async (i: number, method: string, url: string, opts: { token?: string; json?: unknown; body?: FormData; ip?: string } = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '192.0.2.1' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(`${apis[i]}/api/v1${url}`, { method, headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json: json as Record<string, any>, text };
  };
  const ok = async (i: number, method: string, url: string, opts: Parameters<typeof req>[3] = {}) => {
    const r = await req(i, method, url, opts);
    if (r.status !== 200) throw new Error(`${method} ${url} on API ${i}: ${r.status} ${r.text}`);
    return r.json;
  };
  const login = async (i: number, username: string, password: string, ip = '192.0.2.10') =>
    (await ok(i, 'POST', '/user/login', { json: { username, password }, ip })).token as string;

  let adminToken: string;
  let user: { id: number; username: string; token: string };
  let categoryId: number;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'wenku-scale' });
    const t = await createTestDatabase();
    dbUrl = t.url!;
    drop = t.drop;
    probe = t.database.pool;
    try {
      // everything starts at once, as `docker compose up` would: migrations, seeds and pg-boss's schema must not race
      for (const i of [0, 1]) {
        const port = await freePort();
        start(`api${i}`, 'src/server.ts', { PORT: String(port), HOST: '127.0.0.1', NO_WORKER: '1' });
        apis.push(`http://127.0.0.1:${port}`);
      }
      workers = [0, 1].map((i) => start(`worker${i}`, 'src/worker.ts', { WENKU_TEST_CONVERT_DELAY_MS: String(CONVERT_DELAY_MS) }));
      for (const base of apis) await until(`${base} to answer`, async () => ((await fetch(`${base}/api/v1/health`)).ok ? true : undefined), 150_000, 250);
      // "worker started": the jobs are registered (pg-boss queues made by processes starting at the same moment)
      await until(
        'both workers to start',
        () => {
          const gone = procs.find((p) => p.child.exitCode !== null || p.child.signalCode !== null);
          if (gone) throw new Fatal(`${gone.name} exited`);
          return workers.every((w) => w.output.includes('worker started')) ? true : undefined;
        },
        150_000,
        250,
      );
      await until(
        'both workers to beat',
        async () => {
          const { rows } = await probe.query<{ pid: number }>('SELECT pid FROM workers');
          const pids = new Set(rows.map((r) => r.pid));
          return workers.every((w) => pids.has(w.child.pid!)) ? true : undefined;
        },
        150_000,
        250,
      );
      adminToken = await login(0, 'admin', ADMIN_PASSWORD, '192.0.2.2');
      // a small per-address login limit for the rate limit test, set long before it runs (the settings cache is shared)
      await ok(0, 'PUT', '/config', { token: adminToken, json: { config: [{ category: 'security', name: 'login_limit_per_ip', value: LOGIN_LIMIT }] } });
      const created = await ok(0, 'POST', '/user', { token: adminToken, json: { username: 'scale_user', password: USER_PASSWORD } });
      user = { id: created.id, username: 'scale_user', token: await login(1, 'scale_user', USER_PASSWORD) };
      const cats = await ok(1, 'GET', '/category/list?type=0');
      categoryId = cats.category[0].id;
    } catch (e) {
      throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail()}`);
    }
  });

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            const force = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
            p.child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
          }),
      ),
    );
    for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true });
    await drop?.();
    await s3?.close();
  });

  /** Uploads a small PDF through API `i` and submits it as a document; returns its id, uuid and file hash. */
  const upload = async (i: number, pages: string[]) => {
    const pdf = textPdf(pages);
    const hash = crypto.createHash('sha256').update(pdf).digest('hex');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `scale-${hash.slice(0, 8)}.pdf`);
    const att = await ok(i, 'POST', '/upload/document', { token: user.token, body: form });
    const created = await ok(i, 'POST', '/document', {
      token: user.token,
      json: { category_id: [categoryId], document: [{ attachment_id: att.data.id, title: `横向扩展 ${hash.slice(0, 8)}`, price: 0 }] },
    });
    const doc = created.document[0] as { id: number; uuid: string };
    return { ...doc, hash, pages: pages.length };
  };

  const documentStatus = async (id: number) => (await probe.query<{ status: number }>('SELECT status FROM documents WHERE id = $1', [id])).rows[0]?.status;
  const convertJobs = async (hash: string) =>
    (
      await probe.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'document.convert' AND data->>'hash' = $1 ORDER BY created_on`,
        [hash],
      )
    ).rows;

  /** Waits until the document is converted and pg-boss has recorded its job as done (that comes after the handler). */
  const converted = (doc: { id: number; hash: string }, ms = 120_000) =>
    until(
      `document ${doc.id} to convert`,
      async () => {
        if ((await documentStatus(doc.id)) !== DocumentStatus.Converted) return undefined;
        const jobs = await convertJobs(doc.hash);
        return jobs.length > 0 && jobs.every((j) => j.state === 'completed' || j.state === 'failed') ? true : undefined;
      },
      ms,
      250,
    );

  /** The converted output in the bucket and through both APIs: every page image, the cover, the text of every page. */
  const expectWhole = async (doc: { id: number; uuid: string; hash: string; pages: number }) => {
    const keys = [...s3.objects().keys()];
    expect(keys.filter((k) => k.startsWith(`pages/${doc.hash}/`) && k.endsWith('.svg.gz')).sort()).toEqual(
      Array.from({ length: doc.pages }, (_, n) => `pages/${doc.hash}/${n + 1}.svg.gz`).sort(),
    );
    // every page's text layer beside its image (issue 27)
    expect(keys.filter((k) => k.startsWith(`pages/${doc.hash}/`) && k.endsWith('.layer.json.gz')).length).toBe(doc.pages);
    expect(keys).toContain(`covers/${doc.hash}.png`);
    const texts = await probe.query<{ n: number }>('SELECT count(*)::int AS n FROM document_texts WHERE hash = $1', [doc.hash]);
    expect(texts.rows[0]!.n).toBe(doc.pages);
    for (const i of [0, 1]) {
      const detail = await ok(i, 'GET', `/document?id=${doc.id}`, { token: adminToken });
      expect(detail.pages).toBe(doc.pages);
      const page = await fetch(`${apis[i]}${detail.page_urls[0]}`);
      expect(page.status).toBe(200);
      // fetch undoes the Content-Encoding: gzip of the stored .gz page
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(await page.text()).toContain('<svg');
    }
  };

  /** A test whose failure shows the processes' last output and the queue's state (a failure on CI must be readable). */
  const scenario = (name: string, fn: () => Promise<void>, timeout?: number) =>
    it(
      name,
      async () => {
        try {
          await fn();
        } catch (e) {
          const state = await probe
            .query(
              `SELECT (SELECT json_agg(w) FROM workers w) AS workers, (SELECT json_agg(h) FROM worker_jobs h) AS holdings,
                      (SELECT json_agg(json_build_object('id', j.id, 'hash', j.data->>'hash', 'state', j.state, 'retry', j.retry_count, 'output', j.output))
                         FROM pgboss.job j WHERE j.name = 'document.convert') AS jobs`,
            )
            .then((r) => JSON.stringify(r.rows[0], null, 1))
            .catch((err: Error) => err.message);
          if (e instanceof Error) e.message += `\nqueue: ${state}\n${tail()}`;
          throw e;
        }
      },
      timeout,
    );

  scenario(
    'converts uploads through either API exactly once each',
    async () => {
      const docs = [];
      for (let n = 0; n < 4; n++) docs.push(await upload(n % 2, [`第 ${n} 份文档的第一页`, `page two of ${n}`]));
      for (const d of docs) await converted(d);
      const logged = workers.map((w) => conversionsLogged(w.output));
      for (const d of docs) {
        // one job per file, run once: never retried, never sent twice
        expect(await convertJobs(d.hash)).toEqual([{ state: 'completed', retry_count: 0 }]);
        const conv = await probe.query<{ attempts: number; status: number }>('SELECT attempts, status FROM conversions WHERE hash = $1', [d.hash]);
        expect(conv.rows).toEqual([{ attempts: 1, status: DocumentStatus.Converted }]);
        expect(logged.reduce((sum, m) => sum + (m.get(d.hash) ?? 0), 0)).toBe(1);
        await expectWhole(d);
      }
      // nothing left held by anyone
      expect((await probe.query('SELECT 1 FROM worker_jobs')).rowCount).toBe(0);
    },
    180_000,
  );

  scenario(
    'a worker killed with SIGKILL mid-conversion leaves the job to the other, which finishes it once',
    async () => {
      const doc = await upload(1, ['这份文档的转换会被打断', 'second page', 'third page']);
      // caught half way: the page images are in the bucket, the job is held by one of the workers, no cover yet
      const holder = await until(
        'a worker to be half way through the conversion',
        async () => {
          const { rows } = await probe.query<{ pid: number; worker_id: string; job_id: string }>(
            `SELECT w.pid, h.worker_id, h.job_id FROM worker_jobs h JOIN workers w ON w.id = h.worker_id
             JOIN pgboss.job j ON j.id = h.job_id AND j.name = h.queue
            WHERE h.queue = 'document.convert' AND j.data->>'hash' = $1`,
            [doc.hash],
          );
          const keys = [...s3.objects().keys()];
          const pagesWritten = keys.filter((k) => k.startsWith(`pages/${doc.hash}/`) && k.endsWith('.svg.gz')).length === doc.pages;
          return rows[0] && pagesWritten && !keys.includes(`covers/${doc.hash}.png`) ? rows[0] : undefined;
        },
        60_000,
        50,
      );
      const victim = workers.find((w) => w.child.pid === holder.pid);
      const survivor = workers.find((w) => w !== victim)!;
      expect(victim, `the holder (pid ${holder.pid}) is one of the test's workers`).toBeDefined();
      expect(survivor.child.exitCode).toBeNull();
      victim!.child.kill('SIGKILL');
      await until('the killed worker to exit', () => (victim!.child.signalCode === 'SIGKILL' ? true : undefined), 10_000);
      expect((await probe.query('SELECT status FROM conversions WHERE hash = $1', [doc.hash])).rows[0]).toEqual({ status: DocumentStatus.Converting });

      // the survivor's sweeper fails the job (pg-boss fail, so its retry applies) and runs it again
      await converted(doc);
      const jobs = await convertJobs(doc.hash);
      expect(jobs, JSON.stringify(jobs)).toEqual([{ state: 'completed', retry_count: 1 }]);
      const conv = await probe.query<{ attempts: number; status: number; error: string }>('SELECT attempts, status, error FROM conversions WHERE hash = $1', [
        doc.hash,
      ]);
      expect(conv.rows).toEqual([{ attempts: 2, status: DocumentStatus.Converted, error: '' }]);
      // finished once, by the survivor; the victim never got to the end
      expect(conversionsLogged(survivor.output).get(doc.hash)).toBe(1);
      expect(conversionsLogged(victim!.output).get(doc.hash)).toBeUndefined();
      expect(survivor.output).toContain('job of a silent worker failed for a retry');
      // the half-written output did not survive into the result
      await expectWhole(doc);
      // the dead worker is forgotten, and nothing is stuck
      await until(
        'the dead worker to be forgotten',
        async () => ((await probe.query('SELECT 1 FROM workers WHERE id = $1', [holder.worker_id])).rowCount === 0 ? true : undefined),
        30_000,
      );
      expect((await probe.query('SELECT 1 FROM worker_jobs')).rowCount).toBe(0);
      const stuck = await probe.query(`SELECT 1 FROM pgboss.job WHERE name = 'document.convert' AND state NOT IN ('completed')`);
      expect(stuck.rowCount).toBe(0);
      // and the survivor still converts new uploads
      const after = await upload(0, ['after the crash']);
      await converted(after);
      expect(await convertJobs(after.hash)).toEqual([{ state: 'completed', retry_count: 0 }]);
    },
    240_000,
  );

  scenario('a logout on one API revokes the token on the other', async () => {
    const token = await login(0, user.username, USER_PASSWORD, '192.0.2.20');
    expect((await req(1, 'GET', '/user', { token })).status).toBe(200);
    await ok(0, 'DELETE', '/user/logout', { token });
    expect((await req(1, 'GET', '/user', { token })).status).toBe(401);
    const after = await req(1, 'GET', '/user/sign', { token });
    expect(after.status).toBe(401);
    expect(after.json.message).toBe('登录已失效，请重新登录');
    // the other token of the same user is untouched
    expect((await req(1, 'GET', '/user', { token: user.token })).status).toBe(200);
  });

  scenario(
    'an edit through one API is seen through the other at once; a change behind its back is not (it does cache)',
    async () => {
      const doc = await upload(0, ['缓存失效的文档']);
      await converted(doc);
      const title = async (i: number) => (await ok(i, 'GET', `/document?id=${doc.id}`)).title as string;
      // the document page answer is cached for 10 s: each round must finish well inside that, or it is run again
      const TTL_MS = 10_000;
      let proven = false;
      for (let round = 0; round < 3 && !proven; round++) {
        const before = await title(1);
        const primed = Date.now();
        expect(await title(1)).toBe(before);
        // written behind the APIs' back: API 1 keeps answering from its memory
        await probe.query('UPDATE documents SET title = $2 WHERE id = $1', [doc.id, `背后修改 ${round}`]);
        const cached = await title(1);
        // through API 0: API 1 drops its copy at once (PostgreSQL NOTIFY); poll briefly for the notification's flight
        const edited = `经由另一个接口修改 ${round}`;
        await ok(0, 'PUT', '/document', { token: adminToken, json: { id: doc.id, title: edited } });
        const seen = await until('the edit through the other API', async () => ((await title(1)) === edited ? Date.now() : undefined), 5000, 20);
        if (seen - primed >= TTL_MS - 1000) continue; // too slow to tell invalidation from expiry: once more
        // a notification from earlier work (the conversion's own writes, still on their way) may have cleared API 1's
        // copy between the two reads: that round proves nothing, so once more; a cache that never holds fails all three
        if (cached !== before) continue;
        expect(await title(0)).toBe(edited);
        proven = true;
      }
      expect(proven).toBe(true);
    },
    180_000,
  );

  scenario(
    'a rate limit holds across both APIs: the per-address login limit counts requests to either',
    async () => {
      const limit = LOGIN_LIMIT;
      const statuses: number[] = [];
      // one client address, alternating between the APIs; per process counters would let 2 × limit through
      for (let n = 0; n < limit + 10; n++)
        statuses.push((await req(n % 2, 'POST', '/user/login', { json: { username: user.username, password: USER_PASSWORD }, ip: '198.51.100.7' })).status);
      expect(statuses.filter((s) => s === 200).length, statuses.join(' ')).toBe(limit);
      expect(statuses.filter((s) => s === 429).length).toBe(10);
      expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
      // another address is not affected
      expect((await req(1, 'POST', '/user/login', { json: { username: user.username, password: USER_PASSWORD }, ip: '198.51.100.8' })).status).toBe(200);
    },
    120_000,
  );

  scenario(
    'the daily sign-in awards once when 40 requests are spread over both APIs',
    async () => {
      const balance = async () => (await ok(1, 'GET', '/user', { token: user.token })).credit_count as number;
      const before = await balance();
      const results = await Promise.all(Array.from({ length: 40 }, (_, n) => req(n % 2, 'PUT', '/user/sign', { token: user.token, ip: `203.0.113.${n + 1}` })));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length).toBe(1);
      expect(statuses.filter((s) => s === 409).length).toBe(39);
      const award = results.find((r) => r.status === 200)!.json.award as number;
      expect(await balance()).toBe(before + award);
      const ledger = await probe.query(`SELECT 1 FROM credit_ledger WHERE user_id = $1 AND reason = 'sign_in'`, [user.id]);
      expect(ledger.rowCount).toBe(1);
      expect((await probe.query('SELECT 1 FROM signs WHERE user_id = $1', [user.id])).rowCount).toBe(1);
    },
    120_000,
  );
});
