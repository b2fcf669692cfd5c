import type { FastifyInstance } from 'fastify';
import { ROUTE_LIST, buildQuery, fillPath, type RouteDef } from '@wenku/contracts';

/**
 * The anonymous answers every first visitor needs — the settings, the category tree, the home page's blocks, the
 * first pages of the lists — as the public site asks for them: the routes declaring `warm` in the contract, with the
 * same query objects the site calls with (packages/contracts/src/first-load.ts). Built once before the server
 * listens, so the first crowd finds them cached instead of queueing for the same cold build (on the embedded
 * database, one connection serves every request: a burst at start-up waited seconds behind it).
 */
export function warmPaths(routes: readonly RouteDef[] = ROUTE_LIST): string[] {
  return routes.flatMap((r) => (r.warm === true ? [fillPath(r)] : (r.warm ?? []).map((q) => fillPath(r) + buildQuery(q as Record<string, unknown>))));
}
export const WARM_PATHS = warmPaths();

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
