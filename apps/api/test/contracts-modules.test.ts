import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, type RouteDef } from '@wenku/contracts';
import { MODULES } from '../src/modules';
import type { Deps } from '../src/kernel/module';

/**
 * Issue 26 item 4: contract folders match modules. Each route is defined in packages/contracts/src/<folder>/routes.ts
 * and served by exactly one module (apps/api/src/modules/<module>, its manifest's `routes`); the folder and the module
 * carry the same name, so a route's definition, its schemas and its handler are found in the same place. No folder is
 * shared today: a route whose folder must differ from its module goes into SHARED with the reason.
 */
const SHARED: Record<string, { folder: string; why: string }> = {};

const CONTRACTS = path.resolve(import.meta.dirname, '../../../packages/contracts/src');

/**
 * Every module's route names, read from its manifest. A module's `routes` only picks services out of its deps and
 * returns handlers, so a stand-in that answers anything for every service is enough to list the names.
 */
function servingModules(): Map<string, string> {
  const anything: unknown = new Proxy(() => anything, {
    get: (_t, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => 'x' : anything),
  });
  const deps = new Proxy({}, { get: () => anything }) as Deps;
  const served = new Map<string, string>();
  for (const m of MODULES) {
    for (const name of Object.keys(m.routes?.(deps) ?? {})) {
      expect(served.get(name), `${name} is served by ${served.get(name)} and ${m.name}`).toBeUndefined();
      served.set(name, m.name);
    }
  }
  return served;
}

/** route name -> the contract folder whose routes.ts defines it (found by identity: an alias map defines nothing). */
async function contractFolders(): Promise<Map<string, string>> {
  const nameOf = new Map<RouteDef, string>(Object.entries(api as Record<string, RouteDef>).map(([n, r]) => [r, n]));
  const folders = new Map<string, string>();
  for (const folder of fs.readdirSync(CONTRACTS).sort()) {
    const file = path.join(CONTRACTS, folder, 'routes.ts');
    if (!fs.existsSync(file)) continue;
    const exported = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (!value || typeof value !== 'object') continue;
      for (const r of Object.values(value as Record<string, unknown>)) {
        const name = nameOf.get(r as RouteDef);
        if (!name) continue;
        const before = folders.get(name);
        expect(before === undefined || before === folder, `${name} is defined in ${before}/ and ${folder}/`).toBe(true);
        folders.set(name, folder);
      }
    }
  }
  return folders;
}

describe('contract folders match modules', () => {
  it('every route is defined in the contract folder named after the module that serves it', async () => {
    const served = servingModules();
    const folders = await contractFolders();
    expect([...folders.keys()].sort()).toEqual(Object.keys(api).sort());
    const misplaced = Object.keys(api)
      .filter((name) => folders.get(name) !== (SHARED[name]?.folder ?? served.get(name)))
      .map((name) => `${name}: defined in contracts/src/${folders.get(name)}/, served by modules/${served.get(name)}`);
    expect(misplaced, `routes whose contract folder is not their module:\n${misplaced.join('\n')}`).toEqual([]);
  });

  it('every module that serves routes has its contract folder, and every folder of routes its module', async () => {
    const served = new Set(servingModules().values());
    const folders = new Set((await contractFolders()).values());
    expect([...folders].sort()).toEqual([...served].sort());
  });
});
