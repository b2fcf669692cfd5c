import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api, apiRoutes, clientModuleListKeys, MODULE_LIST_KEYS, type RouteDef } from '../src';

// src/route-table.ts is generated from the contract routes. After a route is added, renamed or moved:
//   UPDATE_ROUTE_TABLE=1 npx vitest run test/route-table.test.ts
const FILE = fileURLToPath(new URL('../src/route-table.ts', import.meta.url));

/** What a client needs to call a route: nothing that holds a schema. */
function clientFields(r: RouteDef) {
  return { method: r.method, path: r.path, ...(r.root ? { root: true } : {}), ...(r.kind ? { kind: r.kind } : {}) };
}

function render(): string {
  const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const entry = (r: RouteDef) =>
    `{ ${Object.entries(clientFields(r))
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? q(v) : String(v)}`)
      .join(', ')} }`;
  const routes = Object.entries(api as Record<string, RouteDef>).map(([name, r]) => `  ${name}: ${entry(r)},`);
  const keys = Object.entries(MODULE_LIST_KEYS).map(([m, k]) => `  ${/^[A-Za-z_$][\w$]*$/.test(m) ? m : q(m)}: ${q(k)},`);
  return `// Generated from the contract routes by test/route-table.test.ts; do not edit. After changing a route:
//   cd packages/contracts && UPDATE_ROUTE_TABLE=1 npx vitest run test/route-table.test.ts
import type { Api } from './routes';

/**
 * Every API route under the same name as in \`api\`, with only what a client needs to call it (method, path, root,
 * kind): no zod schema, so a browser bundle that calls through this table instead of \`api\` leaves zod and the
 * schemas out. Typed as the real routes so \`apiRoutes.x\` keeps its parameter, body and answer types; a client never
 * reads a schema from it (it holds none).
 */
export const apiRoutes = {
${routes.join('\n')}
} as unknown as Api;

/** \`MODULE_LIST_KEYS\` without the routes: admin module -> key of its list permission (\`GRPC /api.v1.<Service>API/List…\` or \`METHOD /api/v1/path\`, see \`permissionKey\`). */
export const clientModuleListKeys: Record<string, string> = {
${keys.join('\n')}
};
`;
}

describe('the client route table', () => {
  it('is in step with the contract routes (regenerate it with UPDATE_ROUTE_TABLE=1)', () => {
    const expected = render();
    if (process.env.UPDATE_ROUTE_TABLE === '1') fs.writeFileSync(FILE, expected);
    expect(fs.readFileSync(FILE, 'utf8')).toBe(expected);
  });

  it('has the same names as the routes, each with its method, path, root and kind and no schema', () => {
    const table = apiRoutes as unknown as Record<string, Record<string, unknown>>;
    expect(Object.keys(table)).toEqual(Object.keys(api));
    for (const [name, r] of Object.entries(api as Record<string, RouteDef>)) {
      expect(table[name], name).toEqual(clientFields(r));
      for (const schema of ['params', 'query', 'body', 'response']) expect(table[name], name).not.toHaveProperty(schema);
    }
    expect(clientModuleListKeys).toEqual(MODULE_LIST_KEYS);
  });
});
