import { describe, expect, it } from 'vitest';
import { barrelNames, isBarrel, planGroups, type BarrelNames, type ModuleGraph, type PackageBarrels } from './chunk-plan';

const ANTD = '/w/node_modules/antd/es';
const OPTS = {
  shellRoots: [/\/src\/main\.tsx$/],
  pages: { home: /\/home-page\.tsx$/, document: /\/document-page\.tsx$/, search: /\/search-page\.tsx$/ },
};

/** A module graph from `id -> imported ids`; every id named anywhere exists. */
function graphOf(edges: Record<string, string[]>): { ids: string[]; graph: ModuleGraph } {
  const ids = [...new Set([...Object.keys(edges), ...Object.values(edges).flat()])];
  return { ids, graph: (id) => (ids.includes(id) ? { importedIds: edges[id] ?? [] } : null) };
}
const names = (n: Partial<BarrelNames>): BarrelNames => ({ antd: [], icons: [], packages: {}, ...n });

describe('planGroups', () => {
  it('puts what the shell loads in the shell, what one budget page loads in its page, what pages share in their group', () => {
    const { ids, graph } = graphOf({
      '/src/main.tsx': ['/src/layout.tsx', '/src/home-page.tsx', '/src/lazy-page.tsx'],
      '/src/layout.tsx': ['/src/lib/api.ts'],
      '/src/home-page.tsx': ['/src/lib/api.ts', '/src/home-only.ts', '/src/cards.ts', '/src/everywhere.ts'],
      '/src/document-page.tsx': ['/src/cards.ts', '/src/doc-only.ts', '/src/everywhere.ts'],
      '/src/search-page.tsx': ['/src/everywhere.ts'],
      '/src/lazy-page.tsx': ['/src/lazy-only.ts'],
    });
    // main.tsx imports the pages lazily in the real app: here the shell root is layout only
    const plan = planGroups(ids, graph, new Map(), { ...OPTS, shellRoots: [/\/src\/layout\.tsx$/] });
    expect(plan.get('/src/layout.tsx')).toBe('shell');
    expect(plan.get('/src/lib/api.ts')).toBe('shell');
    expect(plan.get('/src/home-only.ts')).toBe('page-home');
    expect(plan.get('/src/doc-only.ts')).toBe('page-document');
    expect(plan.get('/src/cards.ts')).toBe('page-home-document');
    expect(plan.get('/src/everywhere.ts')).toBe('page-home-document-search');
    // a page outside the budget keeps the bundler's own splitting
    expect(plan.has('/src/lazy-only.ts')).toBe(false);
    expect(plan.has('/src/lazy-page.tsx')).toBe(false);
  });

  it("follows antd's barrel to the components a module names, not to every component", () => {
    const { ids, graph } = graphOf({
      '/src/main.tsx': [`${ANTD}/index.js`],
      '/src/search-page.tsx': [`${ANTD}/index.js`],
      [`${ANTD}/index.js`]: [`${ANTD}/button/index.js`, `${ANTD}/table/index.js`, `${ANTD}/qr-code/index.js`],
      [`${ANTD}/table/index.js`]: [`${ANTD}/table/inner.js`],
    });
    const barrels = new Map([
      ['/src/main.tsx', names({ antd: ['Button'] })],
      ['/src/search-page.tsx', names({ antd: ['Table', 'QRCode'] })],
    ]);
    const plan = planGroups(ids, graph, barrels, OPTS);
    expect(plan.get(`${ANTD}/button/index.js`)).toBe('shell');
    expect(plan.get(`${ANTD}/table/inner.js`)).toBe('page-search');
    expect(plan.get(`${ANTD}/qr-code/index.js`)).toBe('page-search');
    expect(plan.has(`${ANTD}/index.js`)).toBe(false);
  });

  it("follows a workspace package's barrel to the modules of the names imported", () => {
    const barrel = '/w/packages/contracts/src/enums/index.ts';
    const { ids, graph } = graphOf({
      '/src/main.tsx': [barrel],
      '/src/document-page.tsx': [barrel],
      [barrel]: ['/w/packages/contracts/src/enums/a.ts', '/w/packages/contracts/src/enums/b.ts', '/w/packages/contracts/src/enums/c.ts'],
    });
    const files: Record<string, string> = { A: '/w/packages/contracts/src/enums/a.ts', B: '/w/packages/contracts/src/enums/b.ts' };
    const packages: PackageBarrels = {
      barrelOf: (id) => (id === barrel ? '@wenku/contracts' : undefined),
      fileOf: (pkg, name) => (pkg === '@wenku/contracts' ? files[name] : undefined),
    };
    const barrels = new Map([
      ['/src/main.tsx', names({ packages: { '@wenku/contracts': ['A'] } })],
      ['/src/document-page.tsx', names({ packages: { '@wenku/contracts': ['B'] } })],
    ]);
    const plan = planGroups(ids, graph, barrels, OPTS, packages);
    expect(plan.get(files.A!)).toBe('shell');
    expect(plan.get(files.B!)).toBe('page-document');
    // what no budget page names stays with the bundler (a lazy page's enum does not ride in the shell)
    expect(plan.has('/w/packages/contracts/src/enums/c.ts')).toBe(false);
  });
});

describe('barrelNames', () => {
  it('reads the value names imported from antd, the icons and the workspace packages, not the types', () => {
    const code = `import { Button, type ButtonProps, Table as T } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { DocumentStatus, type TDocumentStatus } from '@wenku/contracts/enums';
import { formatBytes } from '@wenku/contracts/format';
import { HtmlContent } from '@wenku/ui';
import { useState } from 'react';`;
    expect(barrelNames(code)).toEqual({
      antd: ['Button', 'Table'],
      icons: ['HomeOutlined'],
      packages: { '@wenku/contracts': ['DocumentStatus', 'formatBytes'], '@wenku/ui': ['HtmlContent'] },
    });
  });
});

describe('isBarrel', () => {
  it('is true for a module of re-exports only', () => {
    expect(isBarrel(`/** doc */\nexport * from './a';\nexport { B, type C } from './b';\nexport type { D } from './d';\n`)).toBe(true);
    expect(isBarrel(`export * from './a';\nexport const x = 1;\n`)).toBe(false);
    expect(isBarrel(`import { a } from './a';\nexport { a };\n`)).toBe(false);
  });
});
