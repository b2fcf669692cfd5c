import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIST, routeUrl } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';

/**
 * Every route a real moredoc client calls and every route of the spec's §7 is answered: the list lives beside the
 * repository (`../shared/reference/api-routes.txt`, lines `METHOD /api/v1/path source`), and each entry must be a
 * route the running API registered (Fastify's own table, not only the contracts).
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const ROUTES_FILE = path.resolve(REPO_ROOT, '../shared/reference/api-routes.txt');

interface Listed {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  source: string;
  line: number;
}

function readListed(): Listed[] {
  if (!fs.existsSync(ROUTES_FILE)) {
    throw new Error(
      `The route list ${ROUTES_FILE} is missing: clone the shared reference folder beside the repository (../shared/reference/api-routes.txt) to run this test.`,
    );
  }
  const out: Listed[] = [];
  fs.readFileSync(ROUTES_FILE, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (!line || line.startsWith('#')) return;
      const [method, url, source = ''] = line.split(/\s+/);
      if (!/^(GET|POST|PUT|DELETE)$/.test(method) || !url?.startsWith('/')) throw new Error(`${ROUTES_FILE}:${i + 1}: cannot read "${line}"`);
      out.push({ method: method as Listed['method'], url, source, line: i + 1 });
    });
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('API surface', () => {
  it('registers every route of ../shared/reference/api-routes.txt', () => {
    const listed = readListed();
    expect(listed.length).toBeGreaterThan(100);
    const missing = listed.filter((r) => !t.app.hasRoute({ method: r.method, url: r.url })).map((r) => `${r.method} ${r.url} (${r.source}, line ${r.line})`);
    expect(missing, `routes not registered:\n${missing.join('\n')}`).toEqual([]);
  });

  it('registers every contract route (the contracts and the server agree)', () => {
    const missing = ROUTE_LIST.filter((r) => !t.app.hasRoute({ method: r.method, url: routeUrl(r) })).map((r) => `${r.method} ${routeUrl(r)}`);
    expect(missing).toEqual([]);
  });

  it('answers a listed route rather than the 404 handler', async () => {
    // not a registration check only: an anonymous call of an admin route reaches its guard (401), not "not found"
    for (const url of ['/api/v1/device', '/api/v1/release', '/api/v1/license', '/api/v1/comment?id=1']) {
      expect((await t.req({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await t.req({ method: 'PUT', url: '/api/v1/sqlmode' })).statusCode).toBe(401);
  });
});
