#!/usr/bin/env node
// Builds the API for production: plain JavaScript in apps/api/dist, run by `node dist/server.js` (the HTTP server)
// and `node dist/worker.js` (a worker-only process), with no TypeScript loader at run time.
//
// esbuild bundles the API's own sources, the workspace packages (@wenku/contracts, @wenku/ui, which ship TypeScript
// source) and the plain-JavaScript dependencies into one file per entry; the packages listed in EXTERNAL below
// (native, WebAssembly, or reading their own files) are loaded from node_modules as usual.
//
// Each thread or child-process script the sources find next to themselves (`new URL('./x.mjs', import.meta.url)`)
// gets its own entry, written under the same name in dist/ beside server.js, so the same URL finds it in both:
//   markdown.worker.mjs (from markdown.task.ts: the source worker loads TypeScript through tsx, the build does not),
//   mupdf-worker.mjs, render-worker.mjs (MuPDF.js threads), mutool-render.js (MuJS, copied as it is).
// Files read at run time are found from the package folder (src/lib/paths.ts): drizzle/ migrations, the web and
// admin bundles, the root package.json. Node's module resolution from dist/ is that of src/ (same package).
//
// Usage: node build.mjs   (turbo runs it as the package's "build" task; outputs: dist/**)
import { builtinModules } from 'node:module';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, 'dist');
const pkg = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8'));
const builtins = new Set(builtinModules);

/**
 * Packages that stay external, loaded from node_modules at run time: native addons and WebAssembly (their binaries
 * sit in their package folders), packages that read their own files by path (swagger-ui's assets, svg-captcha's
 * fonts, piscina's and tesseract.js's worker scripts), the AWS SDK (its many packages pick their runtime
 * variants through package.json fields), and tsx (only the source worker uses it). Everything else is plain
 * JavaScript and is bundled: one file loads faster than the many small modules of fastify, drizzle, pg and zod
 * (resolving and parsing them took about a third of the time to load the server; docs/benchmarks.md).
 */
const EXTERNAL = [
  /^@node-rs\//,
  /^@electric-sql\//,
  /^mupdf$/,
  /^tesseract\.js$/,
  /^@tesseract\.js-data\//,
  /^@fastify\/swagger-ui$/,
  /^svg-captcha$/,
  /^piscina$/,
  /^@aws-sdk\//,
  /^tsx$/,
];
const external = new Set(Object.keys(pkg.dependencies).filter((name) => EXTERNAL.some((re) => re.test(name))));

/** The package name of a bare import specifier ('@scope/name/sub' → '@scope/name', 'name/sub' → 'name'). */
function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Keeps the packages above external; a package the API does not declare cannot be one (pnpm would not find it). */
const dependencies = {
  name: 'wenku-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
      if (external.has(packageName(args.path))) return { path: args.path, external: true };
      return undefined; // bundled
    });
  },
};

// A bundled CommonJS module (sanitize-html's postcss, for one) may call require() for node built-ins: give the ESM
// bundle a real require, and __dirname/__filename for the few that use them.
const banner = [
  "import { createRequire as __wenkuCreateRequire } from 'node:module';",
  "import { fileURLToPath as __wenkuFileURLToPath } from 'node:url';",
  "import { dirname as __wenkuDirname } from 'node:path';",
  'const require = __wenkuCreateRequire(import.meta.url);',
  'const __filename = __wenkuFileURLToPath(import.meta.url);',
  'const __dirname = __wenkuDirname(__filename);',
].join('\n');

const entries = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  'markdown.worker': 'src/modules/article/markdown.task.ts',
  'mupdf-worker': 'src/engines/convert/mupdf-worker.mjs',
  'render-worker': 'src/engines/ocr/render-worker.mjs',
};

const options = {
  absWorkingDir: HERE,
  entryPoints: Object.entries(entries).map(([out, src]) => ({ in: src, out })),
  outdir: OUT,
  outExtension: { '.js': '.js' },
  bundle: true,
  splitting: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // no keepNames: esbuild's `__name` helper would then redefine `name` on every function created at run time, and
  // fastify's hook runner creates three per hook per request (the cached document route: 13 900 → 19 800 req/s
  // without it; docs/benchmarks.md). Nothing here reads the name of a bundled class that esbuild renames (`Pool3`,
  // `Client2`: drizzle's pool check tests `includes("Pool")`; the rest only name errors in messages).
  legalComments: 'linked',
  banner: { js: banner },
  plugins: [dependencies],
  logLevel: 'warning',
  metafile: true,
};

// the thread scripts are .mjs in the sources and must keep that name (their URL is written in the code)
const mjs = new Set(['markdown.worker', 'mupdf-worker', 'render-worker']);

async function build() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  const { metafile } = await esbuild.build({ ...options, entryPoints: options.entryPoints.filter((e) => !mjs.has(e.out)) });
  const threads = await esbuild.build({
    ...options,
    entryPoints: options.entryPoints.filter((e) => mjs.has(e.out)),
    outExtension: { '.js': '.mjs' },
  });
  copyFileSync(join(HERE, 'src/engines/convert/mutool-render.js'), join(OUT, 'mutool-render.js'));
  const sizes = Object.entries({ ...metafile.outputs, ...threads.metafile.outputs })
    .filter(([file]) => /\.m?js$/.test(file))
    .map(([file, o]) => `${file.replace(/^dist\//, '')} ${(o.bytes / 1024).toFixed(0)} KiB`);
  console.log(`[build] apps/api/dist in ${Date.now() - started} ms: ${sizes.join(', ')}`);
}

await build();
