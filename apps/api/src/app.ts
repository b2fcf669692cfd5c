import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seedBase } from './db/seed';
import { createServices, type Services } from './services';
import errorsPlugin from './plugins/errors';
import authPlugin from './plugins/auth';
import openapiPlugin from './plugins/openapi';
import staticPlugin from './plugins/static';
import { systemRoutes } from './modules/system/system.routes';
import { userRoutes } from './modules/user/user.routes';
import { configRoutes } from './modules/config/config.routes';
import { contentRoutes } from './modules/content/content.routes';
import { accountRoutes } from './modules/account/account.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { oauthRoutes } from './modules/oauth/oauth.routes';
import { documentRoutes } from './modules/document/document.routes';
import { imageRoutes } from './modules/upload/image.routes';
import { searchRoutes } from './modules/search/search.routes';
import { articleRoutes } from './modules/article/article.routes';
import { bannerRoutes } from './modules/banner/banner.routes';
import { seoRoutes } from './modules/seo/seo.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
    loginThrottle: Services['loginThrottle'];
  }
}

export interface BuildOptions {
  /** reuse an open database (tests); otherwise one is opened from the config and closed with the app */
  database?: Database;
  /** skip migrations + seed (already done by the caller) */
  skipSetup?: boolean;
}

/** Migrates, seeds and makes sure the first administrator exists. */
export async function prepareDatabase(database: Database, config: AppConfig, log: (m: string) => void): Promise<Services> {
  await runMigrations(database);
  await seedBase(database);
  const services = createServices(database, config);
  await services.settings.seed();
  const admin = await services.users.ensureAdmin(config.adminUsername, config.adminPassword);
  if (admin.generatedPassword) {
    log(`\n========================================================\n  首个管理员已创建 / first administrator created\n  用户名 username: ${config.adminUsername}\n  密码 password:   ${admin.generatedPassword}\n  请登录后立即修改密码。This is shown only once.\n========================================================\n`);
  }
  // the footer pages (about, agreement, ...) are articles with fixed identifiers, owned by the first administrator
  const owner = await services.users.get(1).catch(() => undefined);
  if (owner) await services.articles.seedFooterPages(owner.id);
  return services;
}

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    // signed download tokens travel in the path
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const services = opts.skipSetup ? createServices(database, config) : await prepareDatabase(database, config, (m) => console.log(m));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', services);
  app.decorate('loginThrottle', services.loginThrottle);
  await app.register(fp(async () => undefined, { name: 'services' }));
  if (!opts.database) app.addHook('onClose', async () => database.close());

  await app.register(errorsPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  if (config.corsOrigins.length) {
    app.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      if (origin && config.corsOrigins.includes(origin)) {
        reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin')
          .header('Access-Control-Allow-Headers', 'Authorization, Content-Type').header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        if (req.method === 'OPTIONS') return reply.status(204).send();
      }
    });
  }

  await app.register(systemRoutes);
  await app.register(userRoutes);
  await app.register(configRoutes);
  await app.register(contentRoutes);
  await app.register(accountRoutes);
  await app.register(smsRoutes);
  await app.register(mailRoutes);
  await app.register(oauthRoutes);
  await app.register(documentRoutes);
  await app.register(imageRoutes);
  await app.register(searchRoutes);
  await app.register(articleRoutes);
  await app.register(bannerRoutes);
  await app.register(seoRoutes);
  if (config.serveStatic) await app.register(staticPlugin);

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    (req, reply) => {
      const url = req.url.split('?')[0];
      if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET') {
        return reply.status(404).send({ code: 'not_found', message: `接口不存在：${req.method} ${url}` });
      }
      const html = app.spaIndex?.(url);
      if (!html) return reply.status(404).type('text/plain; charset=utf-8').send('404 This page could not be found');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    },
  );
  return app;
}
