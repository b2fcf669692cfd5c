import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api), found from this module's own location by walking up to the package.json
 * named @wenku/api: the same answer whether the code runs from its sources (src/lib/paths.ts, under tsx or vitest)
 * or from the build (dist/server.js, where every module shares the bundle's location). Files read at run time
 * (the migrations in drizzle/, the root package.json, the web and admin bundles) are found from here, never from
 * a module's own depth in src/.
 */
function findApiDir(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === '@wenku/api') return dir;
    } catch {
      // no package.json here
    }
    if (path.dirname(dir) === dir) throw new Error(`找不到 @wenku/api 的 package.json（从 ${start} 向上）`);
  }
}

/** apps/api */
export const API_DIR = findApiDir();
/** the repository (or unpacked release) root, two levels above apps/api */
export const REPO_ROOT = path.resolve(API_DIR, '../..');
/** the committed SQL migrations (apps/api/drizzle) */
export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');
