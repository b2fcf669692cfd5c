import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PKG_DIR = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8')) as { exports: Record<string, string>; sideEffects?: boolean };
/** The entries that validate; every other entry is for browser bundles and must reach no zod. */
const SCHEMA_ENTRIES = ['.', './schemas'];

/** The modules a value import of `file` loads (type-only imports and exports are erased, so they do not count). */
function valueImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (!m[1]) out.push(m[2]!);
  }
  return out;
}

function resolveIndex(file: string): string {
  if (fs.existsSync(file)) return file;
  return path.join(file.replace(/\.ts$/, ''), 'index.ts');
}

describe('the package entries', () => {
  it('declare no side effects, so a bundler drops what a page does not use', () => {
    expect(pkg.sideEffects).toBe(false);
  });

  const plain = Object.entries(pkg.exports).filter(([name]) => !SCHEMA_ENTRIES.includes(name));
  it.each(plain)('%s loads no zod and no schema module', (_name, target) => {
    const seen = new Map<string, string[]>();
    const todo = [path.join(PKG_DIR, target)];
    while (todo.length) {
      const file = resolveIndex(todo.pop()!);
      if (seen.has(file)) continue;
      const deps = valueImports(file);
      seen.set(file, deps);
      expect(deps, path.relative(PKG_DIR, file)).not.toContain('zod');
      for (const d of deps) if (d.startsWith('.')) todo.push(path.resolve(path.dirname(file), `${d}.ts`));
    }
    const rel = [...seen.keys()].map((f) => path.relative(path.join(PKG_DIR, 'src'), f));
    expect(rel.filter((f) => /(^|\/)(schemas|routes|sections)\.ts$/.test(f))).toEqual([]);
  });
});
