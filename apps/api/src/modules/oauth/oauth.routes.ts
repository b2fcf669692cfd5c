import type { FastifyInstance } from 'fastify';

/** Routes of the oauth module (registered from app.ts). */
export async function oauthRoutes(app: FastifyInstance) {
  void app;
}
