import type { FastifyInstance } from 'fastify';

/** Routes of the sms module (registered from app.ts). */
export async function smsRoutes(app: FastifyInstance) {
  void app;
}
