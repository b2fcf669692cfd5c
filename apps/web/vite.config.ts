/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const API_TARGET = process.env.WENKU_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/view', '/download', '/uploads', '/sitemap.xml'];
const CONTRACTS_SRC = /[\\/]packages[\\/]contracts[\\/]src[\\/].*\.ts$/;

/**
 * The contracts declare zod schemas beside the values the site uses (`export const ZCategoryType = z.enum(CategoryType)`
 * next to `CategoryType`). Building a schema has no side effect, but the bundler cannot know it, so one such line
 * would bring all of zod into the site. Marking the schema builders' calls pure lets the unused ones go.
 */
function markSchemasPure(code: string): string {
  const lines = code.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = /^((?:export )?const [\w$]+(?:: [^=]+)? = )((?:[\w$.]+\(|\{$).*)$/.exec(lines[i]!);
    if (!start) {
      out.push(lines[i]!);
      continue;
    }
    // the statement ends on the first line ending with `;` that the next line does not continue (prettier indents
    // continuations); the whole initialiser becomes a pure call, chained calls included
    let end = i;
    while (end < lines.length && !(lines[end]!.endsWith(';') && !/^\s+\S/.test(lines[end + 1] ?? ''))) end++;
    if (end >= lines.length) {
      out.push(lines[i]!);
      continue;
    }
    const body = [start[2]!, ...lines.slice(i + 1, end + 1)].join('\n').replace(/;$/, '');
    out.push(`${start[1]}/* @__PURE__ */ (() => (${body}))();`);
    i = end;
  }
  return out.join('\n');
}

function pureContractSchemas(): Plugin {
  return {
    name: 'wenku:pure-contract-schemas',
    apply: 'build',
    transform: {
      filter: { id: CONTRACTS_SRC },
      handler(code) {
        return { code: markSchemasPure(code), map: null };
      },
    },
  };
}

/**
 * Names each module imports from the antd and icons barrels (`import { Button, Result } from 'antd'`): the barrel
 * itself imports every component, so following it would make every page seem to need all of antd.
 */
const BARREL_IMPORTS = new Map<string, { antd: string[]; icons: string[]; contracts: string[]; ui: string[] }>();
const ANTD_BARREL = /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const ICONS_BARREL = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/;
/** name -> file of every value a workspace package exports (`export const|function|class NAME` in its sources). */
const packageExports = new Map<string, Map<string, string>>();
function packageFileOf(pkg: 'contracts' | 'ui', name: string): string | undefined {
  let names = packageExports.get(pkg);
  if (!names) {
    names = new Map();
    const dir = fileURLToPath(new URL(`../../packages/${pkg}/src/`, import.meta.url));
    for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(rel) || /\.test\./.test(rel)) continue;
      const file = path.join(dir, rel);
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^export (?:const|function|class|let) ([\w$]+)/gm)) names.set(m[1]!, file);
    }
    packageExports.set(pkg, names);
  }
  return names.get(name);
}
/** rc-form's barrel: antd's Input reaches it for the form context only; the rest (fields, validator) is the forms'. */
const RC_FORM_BARREL = /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/;
const UI_BARREL = /[\\/]packages[\\/]ui[\\/]src[\\/]index\.ts$/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const CONTRACTS_BARREL = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;
const ANTD_DIRS: Record<string, string> = { QRCode: 'qr-code', App: 'app', theme: 'theme' };

function collectBarrelImports(): Plugin {
  return {
    name: 'wenku:collect-barrel-imports',
    apply: 'build',
    transform: {
      filter: { id: /[\\/](apps[\\/]web|packages[\\/]ui)[\\/]src[\\/].*\.tsx?$/ },
      handler(code, id) {
        const found = { antd: [] as string[], icons: [] as string[], contracts: [] as string[], ui: [] as string[] };
        for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](antd|@ant-design\/icons|@wenku\/contracts|@wenku\/ui)["']/g)) {
          const names = m[1]!
            .split(',')
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith('type '))
            .map((n) => n.split(/\s+as\s+/)[0]!);
          (({ antd: found.antd, '@wenku/contracts': found.contracts, '@wenku/ui': found.ui })[m[2]!] ?? found.icons).push(...names);
        }
        BARREL_IMPORTS.set(id, found);
        return null;
      },
    },
  };
}

/** Modules statically imported from `roots`, recursively (what loads with them), the barrels resolved to what is used. */
function staticReach(ctx: ChunkingContext, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    const barrels = BARREL_IMPORTS.get(id);
    for (const dep of info.importedIds) {
      if (barrels && ANTD_BARREL.test(dep)) {
        const dir = dep.replace(ANTD_BARREL, '');
        for (const name of barrels.antd) {
          const kebab = ANTD_DIRS[name] ?? name.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());
          const target = `${dir}/node_modules/antd/es/${kebab}/index.js`;
          todo.push(ctx.getModuleInfo(target) ? target : dep);
        }
      } else if (barrels && ICONS_BARREL.test(dep)) {
        const dir = dep.replace(ICONS_BARREL, '');
        for (const name of barrels.icons) {
          const target = `${dir}/node_modules/@ant-design/icons/es/icons/${name}.js`;
          todo.push(ctx.getModuleInfo(target) ? target : dep);
        }
      } else if (CONTRACTS_BARREL.test(dep)) {
        // the contracts' barrel: the modules of the names imported (not zod: the site uses no schema)
        for (const name of barrels?.contracts ?? []) {
          const file = packageFileOf('contracts', name);
          if (file && ctx.getModuleInfo(file)) todo.push(file);
        }
      } else if (UI_BARREL.test(dep)) {
        for (const name of barrels?.ui ?? []) {
          const file = packageFileOf('ui', name);
          if (file && ctx.getModuleInfo(file)) todo.push(file);
        }
      } else if (RC_FORM_BARREL.test(dep)) {
        // antd's form context needs rc-form's FormProvider only (leaving it out would make a chunk cycle)
        const context = dep.replace(/index\.js$/, 'FormContext.js');
        if (ctx.getModuleInfo(context)) todo.push(context);
      } else if (!ZOD.test(dep)) todo.push(dep);
    }
  }
  return seen;
}

/** The pages with a first-load budget (issue 16): home, document, search. */
const BUDGET_PAGES = {
  home: /[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/,
  document: /[\\/]features[\\/]document[\\/]pages[\\/]document-page\.tsx$/,
  search: /[\\/]features[\\/]search[\\/]pages[\\/]search-page\.tsx$/,
};
const SHELL_ROOTS = [/[\\/]src[\\/]main\.tsx$/, /[\\/]app[\\/]layouts[\\/]default-layout\.tsx$/];

/**
 * Few requests on the first load: the chunk a module goes in is chosen by what loads it. `shell`: everything the
 * entry and the default layout import (every page needs it); `page-home` / `page-document` / `page-search`: what
 * only that page of the three imports; `page-document-search` and the like: what exactly those pages share (so a
 * page never loads what only the other two use). Everything else (the other
 * pages, lazy dialogs, markdown, KaTeX, the editor) keeps the bundler's own splitting. Computed once per build from
 * the module graph.
 */
function firstLoadGroups(): CodeSplittingGroup {
  const ids: string[] = [];
  let groupOf: Map<string, string> | undefined;
  const compute = (ctx: ChunkingContext) => {
    const map = new Map<string, string>();
    const shell = staticReach(
      ctx,
      ids.filter((id) => SHELL_ROOTS.some((re) => re.test(id))),
    );
    for (const m of shell) map.set(m, 'shell');
    const reachedBy = new Map<string, string[]>();
    for (const [name, re] of Object.entries(BUDGET_PAGES)) {
      for (const m of staticReach(
        ctx,
        ids.filter((id) => re.test(id)),
      )) {
        if (!shell.has(m)) reachedBy.set(m, [...(reachedBy.get(m) ?? []), name]);
      }
    }
    for (const [m, pages] of reachedBy) map.set(m, `page-${pages.join('-')}`);
    if (process.env.WK_CHUNK_DEBUG) {
      const count: Record<string, number> = {};
      for (const g of map.values()) count[g] = (count[g] ?? 0) + 1;
      console.log(
        'chunk groups',
        ids.length,
        count,
        [...map.keys()].filter((id) => /antd[\\/]es[\\/]index|icons[\\/]es[\\/]index/.test(id)),
      );
    }
    return map;
  };
  return {
    name: (id, ctx) => {
      groupOf ??= compute(ctx);
      return groupOf.get(id) ?? null;
    },
    test: (id) => {
      ids.push(id);
      return true;
    },
    // only the modules named here: their dependencies are placed by their own names
    includeDependenciesRecursively: false,
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    pureContractSchemas(),
    collectBarrelImports(),
    // brotli and gzip copies of every asset, served by the API by Accept-Encoding (@fastify/static preCompressed);
    // index.html is left out: the server rewrites it on every answer
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|mjs|css|svg|json|txt|wasm|ttf|otf)$/, threshold: 1024 }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  preview: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [firstLoadGroups()] },
      },
      treeshake: {
        // the contracts hold no side effects: a module of theirs whose exports the site does not use (the routes with
        // their zod schemas, most schemas) stays out of the bundle; everything else keeps its package.json's word
        // (the same for the rc-component packages under antd, which do not say it: without this, antd's Input brings
        // the whole of rc-form and its validator along through the form context)
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]|[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // rendering antd pages in jsdom is slow on a loaded 2-core machine; time is never what these tests check
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
