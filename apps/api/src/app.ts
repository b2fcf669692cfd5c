import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations, withSeedLock } from './db/migrate';
import { seedBase } from './db/seed';
import type { Deps, Logger } from './kernel/module';
import { closeModules, consoleLogger, createDeps, seedModules } from './kernel/boot';
import { registerModuleRoutes } from './kernel/route';
import { MODULES } from './modules';
import errorsPlugin from './plugins/errors';
import securityHeaders, { sendPage } from './plugins/security-headers';
import { AppError } from './lib/errors';
import { rateLimitStore } from './lib/rate-limit';
import authPlugin from './plugins/auth';
import openapiPlugin from './plugins/openapi';
import staticPlugin from './plugins/static';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** every module's services and the core (db, storage, queue, events, log) */
    services: Deps;
  }
}

export interface BuildOptions {
  /** reuse an open database (tests); otherwise one is opened from the config and closed with the app */
  database?: Database;
  /** skip migrations + seed (already done by the caller) */
  skipSetup?: boolean;
}

/** Migrates, then runs every module's seed (settings, the first administrator, the footer pages). */
export async function prepareDatabase(database: Database, config: AppConfig, log: (m: string) => void, logger: Logger = consoleLogger): Promise<Deps> {
  await runMigrations(database);
  const deps = createDeps(database, config, MODULES, logger);
  await withSeedLock(database, async () => {
    await seedBase(database);
    await seedModules(deps, MODULES, log);
  });
  return deps;
}

/**
 * TRUST_PROXY for Fastify. A hop count n believes the last n hops of X-Forwarded-For, whoever connects (as Express
 * does): Fastify 5.12 stopped honouring numbers (it fails closed and takes the socket's address), which behind a proxy
 * configured with a count put every visitor behind the proxy's one address and its per-IP limits. So a count becomes
 * the equivalent function. It is only safe when clients cannot reach the API except through those proxies; naming
 * the proxies' addresses is safer, and the README says so.
 */
export function trustProxyOption(v: AppConfig['trustProxy']): boolean | string | ((addr: string, hop: number) => boolean) {
  if (typeof v !== 'number') return v;
  return (_addr, hop) => hop < v;
}

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    // signed download tokens travel in the path
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  const log: Logger = {
    info: (msg, extra) => app.log.info(extra ?? {}, msg),
    warn: (msg, extra) => app.log.warn(extra ?? {}, msg),
    error: (msg, extra) => app.log.error(extra ?? {}, msg),
  };
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const services = opts.skipSetup ? createDeps(database, config, MODULES, log) : await prepareDatabase(database, config, (m) => console.log(m), log);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', services);
  await app.register(fp(async () => undefined, { name: 'services' }));
  // one hook, in this order (Fastify runs onClose hooks last-added first): the modules write what they hold in memory
  // (view counters) while the database is still open
  app.addHook('onClose', async () => {
    await closeModules(services, MODULES);
    if (!opts.database) await database.close();
  });
  // hear the other API processes' cache invalidations (PostgreSQL; nothing to hear on the embedded default)
  await services.caches.start();

  await app.register(errorsPlugin);
  await app.register(securityHeaders);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(services.rates),
    // the database being briefly unreachable must not take every limited route down with it
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new AppError('rate_limited', `操作过于频繁，请 ${Math.max(1, Math.ceil(ctx.ttl / 1000))} 秒后再试`),
  });
  await app.register(multipart, { limits: { files: 1, fields: 10 } });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  if (config.corsOrigins.length) {
    app.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      if (origin && config.corsOrigins.includes(origin)) {
        reply
          .header('Access-Control-Allow-Origin', origin)
          .header('Vary', 'Origin')
          .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        if (req.method === 'OPTIONS') return reply.status(204).send();
      }
    });
  }

  registerModuleRoutes(app, services, MODULES);
  for (const m of MODULES) await m.pages?.(app, services);
  if (config.serveStatic) await app.register(staticPlugin);

  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) }, (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET') {
      return reply.status(404).send({ code: 'not_found', message: `接口不存在：${req.method} ${url}` });
    }
    const html = app.spaIndex?.(url);
    if (!html) return reply.status(404).type('text/plain; charset=utf-8').send('404 This page could not be found');
    return sendPage(reply, html, { admin: url === '/admin' || url.startsWith('/admin/'), extra: services.settings.peek('security')?.csp_allow });
  });
  return app;
}
