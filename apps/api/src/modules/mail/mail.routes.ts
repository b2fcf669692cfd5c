import type { FastifyInstance } from 'fastify';

/** Routes of the mail module (registered from app.ts). */
export async function mailRoutes(app: FastifyInstance) {
  void app;
}
