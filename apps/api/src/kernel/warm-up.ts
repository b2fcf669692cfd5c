import type { FastifyInstance } from 'fastify';

/**
 * The anonymous answers every first visitor needs — the settings, the category tree, the home page's blocks, the
 * first pages of the lists — as the public site asks for them (apps/web's home page). Built once before the server
 * listens, so the first crowd finds them cached instead of queueing for the same cold build (on the embedded
 * database, one connection serves every request: a burst at start-up waited seconds behind it).
 */
export const WARM_PATHS = [
  '/api/v1/settings',
  '/api/v1/category/list?page=1&size=10000&type=1&type=2&field=id&field=parent_id&field=title&field=icon&field=cover&field=doc_count&field=enable&field=description&field=show_description&field=sort&field=type&field=created_at',
  '/api/v1/document/home?limit=12',
  '/api/v1/document/list?page=1&size=20',
  '/api/v1/article/list?page=1&size=10',
  '/api/v1/navigation/list?page=1&size=10000',
  '/api/v1/friendlink/list?page=1&size=10000&enable=true&field=id&field=title&field=link',
];

/** Asks for each of WARM_PATHS in-process (no socket); how many answered 200. A failure only costs the warm cache. */
export async function warmUp(app: FastifyInstance, paths: readonly string[] = WARM_PATHS): Promise<number> {
  let ok = 0;
  for (const url of paths) {
    try {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode === 200) ok++;
      else app.log.warn(`warm-up: ${url} answered ${res.statusCode}`);
    } catch (err) {
      app.log.warn({ err }, `warm-up: ${url} failed`);
    }
  }
  return ok;
}
