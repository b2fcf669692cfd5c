import type { FastifyInstance } from 'fastify';

export async function accountRoutes(app: FastifyInstance) {
  void app;
}
