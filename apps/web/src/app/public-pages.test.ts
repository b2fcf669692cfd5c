import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { PUBLIC_PAGES, matchPublicPage } from '@wenku/contracts/paths';
import { routes } from './router';

/** A public page's path with its parameters filled in. */
const sample = (path: string) => path.replace(/:\w+/g, '7');

describe('the public pages (contracts PUBLIC_PAGES, also answered with crawler HTML by the API)', () => {
  it.each(Object.entries(PUBLIC_PAGES))('%s (%s) is a page of the router, not its 404', (_name, path) => {
    const matches = matchRoutes(routes, sample(path)) ?? [];
    const last = matches.at(-1)?.route;
    expect(last, path).toBeDefined();
    expect(last?.path ?? (last?.index ? '(index)' : ''), path).not.toMatch(/^(\*|404)$/);
  });

  it('are told apart by matchPublicPage, parameters decoded', () => {
    expect(matchPublicPage('/')).toEqual({ page: 'home', params: {} });
    expect(matchPublicPage('/category/')).toEqual({ page: 'categories', params: {} });
    expect(matchPublicPage('/article/%E5%85%B3%E4%BA%8E')).toEqual({ page: 'article', params: { id: '关于' } });
    expect(matchPublicPage('/user/3/document')).toEqual({ page: 'userDocuments', params: { id: '3' } });
    expect(matchPublicPage('/me')).toBeUndefined();
    expect(matchPublicPage('/document/%E0')).toBeUndefined();
  });
});
