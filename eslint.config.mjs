// One lint for the whole monorepo (`npm run lint`, also part of `npm test` and CI). It keeps the shape written down
// in docs/architecture.md: no import cycles, no module reaching into another module's repo, no process.env outside
// apps/api/src/config.ts, hooks used the React way. Formatting is Prettier's (`prettier --check`), not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

/** A repo is private to its module (docs/architecture.md, "Modules"). */
const REPO_PATTERN = { group: ['../*/*.repo', '../../modules/*/*.repo'], message: 'A repo is private to its module: use the module\'s service.' };

/**
 * One owner per table: the tables of db/schema/<name>.ts belong to the module <name>, and another module reaches
 * them through that module's service, never by importing them (from the schema barrel or the file). The crossings
 * that exist today are listed here, each to go when its owner offers the call; a new one fails the lint.
 * Search and knowledge are read models: they join `documents` (and search `document_texts`) in SQL on purpose.
 */
const API_SRC = path.join(import.meta.dirname, 'apps/api/src');
const TABLES_BY_FILE = Object.fromEntries(
  fs
    .readdirSync(path.join(API_SRC, 'db/schema'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.startsWith('_'))
    .map((f) => [f.slice(0, -3), [...fs.readFileSync(path.join(API_SRC, 'db/schema', f), 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)].map((m) => m[1])]),
);
const TABLE_CROSSINGS = {
  // the balance (users.credit_count) moves with its ledger row in one statement pair under the user's row lock
  // (CreditService.change); the credit module is created before the user module, which pays through it
  credit: ['users'],
  // the administrators' order list filters by the buyer's name (`wd`) and pages and sums over the filtered set in one
  // query: a list of matching user ids from UserService would be unbounded; a join is the cheap read
  order: ['users'],
  // the administrators' OCR list pages over documents left-joined with their tasks (a document without a task is a
  // row), and a task finds its file's source document by hash: a join and a lookup by hash DocumentService does not
  // offer (its split into use cases is under way; the lookups can move there after it)
  ocr: ['documents'],
  // the administrators' topic list filters and pages by the owner's name (as order)
  chat: ['users'],
  // read models: candidates and tasks are joined to `documents` for visibility and title, ranked and paged in SQL
  knowledge: ['documents'],
  search: ['documents', 'documentTexts'],
};
const tableOwnership = fs
  .readdirSync(path.join(API_SRC, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map(({ name: mod }) => {
    const allowed = new Set(TABLE_CROSSINGS[mod] ?? []);
    const patterns = [REPO_PATTERN];
    for (const [owner, tables] of Object.entries(TABLES_BY_FILE)) {
      if (owner === mod) continue;
      const foreign = tables.filter((t) => !allowed.has(t));
      const message = `These tables belong to the ${owner} module (db/schema/${owner}.ts): use its service, not its tables.`;
      if (foreign.length) patterns.push({ regex: '(^|/)db/schema(/index)?$', importNames: foreign, message });
      patterns.push({ regex: `(^|/)db/schema/${owner}$`, message });
    }
    return { files: [`apps/api/src/modules/${mod}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
  });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      'reports/**',
      'data/**',
      '.tools/**',
      '**/drizzle/**',
      'e2e/output/**',
      'bench/output/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // parsers and extensions for TypeScript files: without them import-x resolves nothing and finds no cycle
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Chinese text is full of full-width spaces
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // the site's code imports the zod-free parts of the contracts (`@wenku/contracts/enums`, `/format`, `/constants`,
    // `/paths`, `/client`, `/settings`): a value from the schema entry would bring zod and every schema into the
    // first load (docs/architecture.md, "Contracts"). Types are erased, so they may come from anywhere; tests may
    // parse with the schemas.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: '@wenku/contracts', allowTypeImports: true, message: 'The site imports a zod-free part of the contracts (@wenku/contracts/enums, /format, /constants, /paths, /client, /settings).' },
          { name: '@wenku/contracts/schemas', allowTypeImports: true, message: 'Schemas bring zod into the first load: import a zod-free part of the contracts, or only its types (import type).' },
        ],
      }],
    },
  },
  {
    // apps/api's source is linted with its types (the API's own tsconfig, through the project service): no `!`
    // (the handler context narrows from the contract, so a handler never needs one), and no `any` flowing into
    // calls, assignments, member reads or answers, where it would switch the type checker off unseen
    files: ['apps/api/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // a module's repo is private to it: other modules go through its services (docs/architecture.md, "Modules")
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [REPO_PATTERN] }],
    },
  },
  // ... and so are its tables (one owner per table); each module's entry repeats the repo rule, as a later entry's
  // options replace an earlier one's
  ...tableOwnership,
  {
    // the environment is read once, in config.ts; everything else gets AppConfig. The conversion engines are the
    // exception: they hand the process environment (PATH, locale) on to LibreOffice and MuPDF child processes.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', 'apps/api/src/engines/convert/**', 'apps/api/src/engines/ocr/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in src/config.ts (AppConfig), not here.' }],
    },
  },
  {
    // every in-memory cache is made by the kernel (`caches.cache(name, …)`), which puts it on the cross-process bus
    // by its name: a cache made by hand would keep answering what another API process has changed
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/lib/cache.ts', 'apps/api/src/kernel/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='TtlCache']",
          message: 'Make caches with caches.cache(name, …) (Core.caches): it puts them on the cross-process bus.',
        },
      ],
    },
  },
  {
    // runs inside `mutool run` (MuPDF's JavaScript), not Node: MuPDF's classes are its globals
    files: ['apps/api/src/engines/convert/mutool-render.js'],
    languageOptions: {
      globals: {
        ...globals.es2021,
        PDFDocument: 'readonly',
        DocumentWriter: 'readonly',
        Identity: 'readonly',
        Font: 'readonly',
        DeviceGray: 'readonly',
        DeviceRGB: 'readonly',
        Scale: 'readonly',
        read: 'readonly',
        print: 'readonly',
        write: 'readonly',
        quit: 'readonly',
        scriptArgs: 'readonly',
        Document: 'readonly',
        Buffer: 'readonly',
        Matrix: 'readonly',
        Pixmap: 'readonly',
        ColorSpace: 'readonly',
        Rect: 'readonly',
        Image: 'readonly',
        repr: 'readonly',
      },
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.{ts,mjs,js}'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-restricted-properties': 'off',
    },
  },
);
