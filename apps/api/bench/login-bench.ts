/**
 * Login benchmark (issue 3): logins per second through the real login path (argon2id verify with the chosen
 * cost + database + token), against the bare argon2id verify with the same cost measured in the same run.
 * Run: npx tsx bench/login-bench.ts   (DATABASE_URL for PostgreSQL; PGlite otherwise)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildApp, prepareDatabase } from '../src/app';
import { hashPassword } from '../src/modules/user/user.service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

async function rate(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await fn();
        n++;
      }
    }),
  );
  return n / SECONDS;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-login-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench-12345', API_ONLY: '1' },
    { jwtSecret: 'b'.repeat(32) },
  );
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await prepareDatabase(database, config, () => undefined);
  const app = await buildApp(config, { database, skipSetup: true });
  // the login route is rate-limited per IP; the bench calls the service behind it
  const users = app.services.users;
  await users.createAccount({ username: 'bencher', password: 'bench-pass-1' }, '127.0.0.1');
  const hash = await hashPassword('bench-pass-1');
  const bare = await rate(() => verify(hash, 'bench-pass-1'));
  const login = await rate(async () => {
    const u = await users.login('bencher', 'bench-pass-1', '127.0.0.1');
    await app.issueToken(u.id);
  });
  const r = {
    argon2: 'argon2id m=19456 KiB t=2 p=1',
    concurrency: CONCURRENCY,
    bare_verify_per_s: +bare.toFixed(1),
    login_per_s: +login.toFixed(1),
    ratio: +(login / bare).toFixed(2),
    database: database.kind,
  };
  console.log(JSON.stringify(r, null, 2));
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
