import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { buildApp, prepareDatabase } from '../src/app';
import { LOOPBACK_HOSTS } from './fakes/util';

export const ADMIN = { username: 'admin', password: 'Admin-Pass-123' };

/**
 * A fresh database for one test file: a new PostgreSQL database when DATABASE_URL is set (CI),
 * else a new PGlite data folder. Dropped/removed afterwards.
 */
export async function createTestDatabase(): Promise<{ database: Database; dataDir: string; url?: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-test-'));
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `wenku_test_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), dataDir });
    return {
      database,
      dataDir,
      url: u.toString(),
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await openDatabase({ dataDir });
  return {
    database,
    dataDir,
    async drop() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  close: () => Promise<void>;
  /** app.inject with a bearer token and JSON body */
  req: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  login: (username: string, password: string) => Promise<string>;
  register: (username?: string, password?: string) => Promise<{ token: string; id: number; username: string }>;
  adminToken: () => Promise<string>;
}

/**
 * `realLimits`: keep the product's rate limits and trust no proxy (the security suite). Otherwise the suites act as
 * if behind a proxy (X-Forwarded-For gives each test its own address) with the per-IP and per-account login and
 * registration limits lifted, since one file registers and logs in many users from one address.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, opts: { realLimits?: boolean } = {}): Promise<TestApp> {
  const t = await createTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      API_ONLY: '1',
    },
    {
      jwtSecret: 'test-secret-test-secret-test-secret',
      ...(opts.realLimits ? {} : { trustProxy: true }),
      // the fake vendors (LLM, payment, SMS, OAuth, SMTP, release source) listen on loopback, which the outbound
      // client refuses unless the operator allows it: the suites allow it as an operator would (OUTBOUND_ALLOW_HOSTS)
      outboundAllowHosts: LOOPBACK_HOSTS,
      ...overrides,
    },
  );
  const deps = await prepareDatabase(t.database, config, () => undefined);
  if (!opts.realLimits) {
    await deps.settings.update(
      ['login_limit_per_ip', 'login_limit_per_account', 'login_captcha_after', 'register_limit_per_ip', 'find_password_limit_per_ip'].map((name) => ({
        category: 'security',
        name,
        value: 100_000,
      })),
    );
  }
  const app = await buildApp(config, { database: t.database, skipSetup: true });
  await app.ready();
  const req: TestApp['req'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const login = async (username: string, password: string) => {
    const res = await req({ method: 'POST', url: '/api/v1/user/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  let adminTok: string | undefined;
  let seq = 0;
  return {
    app,
    config,
    database: t.database,
    req,
    login,
    async register(username, password = 'secret-123') {
      const name = username ?? `user_${process.pid}_${++seq}_${crypto.randomBytes(2).toString('hex')}`;
      const res = await req({ method: 'POST', url: '/api/v1/user/register', payload: { username: name, password } });
      if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { token: body.token, id: body.user.id, username: name };
    },
    async adminToken() {
      adminTok ??= await login(ADMIN.username, ADMIN.password);
      return adminTok;
    },
    async close() {
      await app.close();
      await t.drop();
    },
  };
}
