/** The start-up warm-up (kernel/warm-up.ts): every path it asks for is a real anonymous read that answers 200. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_FIRST_PAGE_QUERY,
  CATEGORY_TREE_QUERY,
  DOCUMENT_FIRST_PAGE_QUERY,
  FRIENDLINK_QUERY,
  HOME_DOCUMENTS_QUERY,
  NAVIGATION_QUERY,
  api,
  buildQuery,
  fillPath,
} from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { WARM_PATHS, warmUp } from '../src/kernel/warm-up';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('start-up warm-up', () => {
  it('builds every anonymous answer of its list (a route or a parameter that drifts fails here)', async () => {
    expect(await warmUp(t.app)).toBe(WARM_PATHS.length);
    // a path that does not answer 200 is counted out, and the warm-up goes on
    expect(await warmUp(t.app, ['/api/v1/document?id=abc', '/api/v1/settings'])).toBe(1);
  });

  it("asks with the very queries the site sends (the routes' warm queries are the site's objects)", () => {
    const sent = [
      fillPath(api.getSettings),
      fillPath(api.listCategories) + buildQuery(CATEGORY_TREE_QUERY),
      fillPath(api.homeDocuments) + buildQuery(HOME_DOCUMENTS_QUERY),
      fillPath(api.listNavigations) + buildQuery(NAVIGATION_QUERY),
      fillPath(api.listFriendlinks) + buildQuery(FRIENDLINK_QUERY),
      fillPath(api.listDocuments) + buildQuery(DOCUMENT_FIRST_PAGE_QUERY),
      fillPath(api.listArticles) + buildQuery(ARTICLE_FIRST_PAGE_QUERY),
    ];
    expect([...WARM_PATHS].sort()).toEqual(sent.sort());
  });
});
