import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/**
 * Few requests on the first load (issue 16: from 98 to 22): the chunk a module goes in is chosen by what loads it.
 * `shell`: everything the entry and the default layout import (every page needs it); `page-home` / `page-document` /
 * `page-search`: what only that page of the budget pages imports; `page-document-search` and the like: what exactly
 * those pages share (so a page never loads what only the others use). Everything else (the other pages, lazy
 * dialogs, markdown, KaTeX, the editor) keeps the bundler's own splitting. Computed once per build from the module
 * graph.
 */
export interface ChunkPlanOptions {
  /** modules every page loads: the entry and the default layout */
  shellRoots: RegExp[];
  /** the pages with a first-load budget, by the name their group takes */
  pages: Record<string, RegExp>;
  /**
   * The workspace packages by import name, each with its `src/` folder: an entry of theirs that only re-exports (a
   * barrel: `@wenku/ui`, `@wenku/contracts/enums`…) counts as the modules of the names imported from it, so that what
   * one lazy page imports through a barrel does not land in the shell with the barrel.
   */
  packages: Record<string, string>;
}

/** The names a module imports from each barrel (`import { Button, Result } from 'antd'`); `packages`: by package. */
export interface BarrelNames {
  antd: string[];
  icons: string[];
  packages: Record<string, string[]>;
}

/** What the planner needs of the bundler's module graph. */
export type ModuleGraph = (id: string) => { importedIds: readonly string[] } | null;

const ANTD_BARREL = /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const ICONS_BARREL = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/;
/** rc-form's barrel: antd's Input reaches it for the form context only; the rest (fields, validator) is the forms'. */
const RC_FORM_BARREL = /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/;
const ANTD_DIRS: Record<string, string> = { QRCode: 'qr-code', App: 'app', theme: 'theme' };
/** The names `code` imports (as values) from antd, the icons and the workspace packages (`@wenku/<name>[/part]`). */
export function barrelNames(code: string): BarrelNames {
  const found: BarrelNames = { antd: [], icons: [], packages: {} };
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](antd|@ant-design\/icons|@wenku\/[\w-]+)(?:\/[\w-]+)?["']/g)) {
    const names = m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!);
    if (m[2] === 'antd') found.antd.push(...names);
    else if (m[2] === '@ant-design/icons') found.icons.push(...names);
    else (found.packages[m[2]!] ??= []).push(...names);
  }
  return found;
}

/** Whether a module only re-exports (`export * from`, `export { … } from`): a barrel. */
export function isBarrel(code: string): boolean {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return statements.length > 0 && statements.every((s) => /^export\s+(\*|(type\s+)?\{[^}]*\})\s+from\s+['"][^'"]+['"]$/.test(s));
}

/** name -> file of every value a package's sources export (`export const|function|class NAME`). */
function exportsOf(dir: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(rel) || /\.test\./.test(rel)) continue;
    const file = path.join(dir, rel);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^export (?:const|function|class|let) ([\w$]+)/gm)) names.set(m[1]!, file);
  }
  return names;
}

/** Modules statically imported from `roots`, recursively (what loads with them), the barrels resolved to what is used. */
/**
 * What the planner knows of the workspace packages: for a module id, the package whose barrel it is (undefined: not
 * a barrel), and the file that exports a name of a package.
 */
export interface PackageBarrels {
  barrelOf(id: string): string | undefined;
  fileOf(pkg: string, name: string): string | undefined;
}
const NO_PACKAGES: PackageBarrels = { barrelOf: () => undefined, fileOf: () => undefined };

export function staticReach(graph: ModuleGraph, roots: string[], barrels: Map<string, BarrelNames>, packages: PackageBarrels = NO_PACKAGES): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph(id);
    if (!info) continue;
    const names = barrels.get(id);
    for (const dep of info.importedIds) {
      if (names && ANTD_BARREL.test(dep)) {
        const dir = dep.replace(ANTD_BARREL, '');
        for (const name of names.antd) {
          const kebab = ANTD_DIRS[name] ?? name.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());
          const target = `${dir}/node_modules/antd/es/${kebab}/index.js`;
          todo.push(graph(target) ? target : dep);
        }
      } else if (names && ICONS_BARREL.test(dep)) {
        const dir = dep.replace(ICONS_BARREL, '');
        for (const name of names.icons) {
          const target = `${dir}/node_modules/@ant-design/icons/es/icons/${name}.js`;
          todo.push(graph(target) ? target : dep);
        }
      } else if (packages.barrelOf(dep)) {
        // a package's barrel: the modules of the names imported from it
        const pkg = packages.barrelOf(dep)!;
        for (const name of names?.packages[pkg] ?? []) {
          const file = packages.fileOf(pkg, name);
          if (file && graph(file)) todo.push(file);
        }
      } else if (RC_FORM_BARREL.test(dep)) {
        // antd's form context needs rc-form's FormProvider only (leaving it out would make a chunk cycle)
        const context = dep.replace(/index\.js$/, 'FormContext.js');
        if (graph(context)) todo.push(context);
      } else todo.push(dep);
    }
  }
  return seen;
}

/** module id -> its group (`shell`, `page-home`, `page-document-search`…); modules of no group are absent. */
export function planGroups(
  ids: readonly string[],
  graph: ModuleGraph,
  barrels: Map<string, BarrelNames>,
  opts: Pick<ChunkPlanOptions, 'shellRoots' | 'pages'>,
  packages: PackageBarrels = NO_PACKAGES,
): Map<string, string> {
  const map = new Map<string, string>();
  const shell = staticReach(
    graph,
    ids.filter((id) => opts.shellRoots.some((re) => re.test(id))),
    barrels,
    packages,
  );
  for (const m of shell) map.set(m, 'shell');
  const reachedBy = new Map<string, string[]>();
  for (const [name, re] of Object.entries(opts.pages)) {
    for (const m of staticReach(
      graph,
      ids.filter((id) => re.test(id)),
      barrels,
      packages,
    )) {
      if (!shell.has(m)) reachedBy.set(m, [...(reachedBy.get(m) ?? []), name]);
    }
  }
  for (const [m, pages] of reachedBy) map.set(m, `page-${pages.join('-')}`);
  return map;
}

/** The planner as the build uses it: a plugin that reads each module's barrel imports, and the chunk group. */
export function chunkPlanner(opts: ChunkPlanOptions): { plugin: Plugin; group: CodeSplittingGroup } {
  const barrels = new Map<string, BarrelNames>();
  const exportsByPkg = new Map<string, Map<string, string>>();
  const barrelCache = new Map<string, string | undefined>();
  const packages: PackageBarrels = {
    barrelOf(id) {
      if (!barrelCache.has(id)) {
        const pkg = Object.entries(opts.packages).find(([, src]) => id.startsWith(src) && /\.tsx?$/.test(id))?.[0];
        barrelCache.set(id, pkg && isBarrel(fs.readFileSync(id, 'utf8')) ? pkg : undefined);
      }
      return barrelCache.get(id);
    },
    fileOf(pkg, name) {
      let names = exportsByPkg.get(pkg);
      if (!names) exportsByPkg.set(pkg, (names = exportsOf(opts.packages[pkg]!)));
      return names.get(name);
    },
  };
  const ids: string[] = [];
  let groupOf: Map<string, string> | undefined;
  const plugin: Plugin = {
    name: 'wenku:collect-barrel-imports',
    apply: 'build',
    transform: {
      filter: { id: /[\\/](apps[\\/]web|packages[\\/]ui)[\\/]src[\\/].*\.tsx?$/ },
      handler(code, id) {
        barrels.set(id, barrelNames(code));
        return null;
      },
    },
  };
  const group: CodeSplittingGroup = {
    name: (id, ctx: ChunkingContext) => {
      groupOf ??= planGroups(ids, (m) => ctx.getModuleInfo(m), barrels, opts, packages);
      return groupOf.get(id) ?? null;
    },
    test: (id) => {
      ids.push(id);
      return true;
    },
    // only the modules named here: their dependencies are placed by their own names
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
