import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';

const started = Date.now();

export async function systemRoutes(app: FastifyInstance) {
  registerRoute(app, api.health, async () => {
    await app.database.pool.query('SELECT 1');
    return { status: 'ok' as const, database: app.database.kind, uptime: Math.round((Date.now() - started) / 1000), version: '0.1.0' };
  });
  registerRoute(app, api.ping, ({ query }) => ({ name: query?.name ?? 'wenku', created_at: new Date().toISOString() }));
}
