import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { session } from '../../../app/session';
import MeFavoritePage from './me-favorite-page';
import { testUser } from '../../../test/fixtures';

const user = testUser({ id: 7, username: 'alice', favorite_count: 2 });
function mockApi(documents: unknown[] = []) {
  return stubApi((u) => {
    if (u.pathname === '/api/v1/favorite/list') {
      return u.searchParams.get('type') === '1'
        ? json({
            total: 2,
            favorite: [
              { id: 21, document_id: 5, type: 1, created_at: '2026-11-01T08:00:00Z', article: { id: 5, title: '量子计算入门', identifier: 'quantum' } },
              { id: 22, document_id: 6, type: 1, created_at: '2026-11-02T08:00:00Z' },
            ],
          })
        : json({ total: documents.length, favorite: documents });
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  session.reset();
});

describe('<MeFavoritePage>', () => {
  it('lists favourite documents first, then articles with links to their pages', async () => {
    const fetchMock = mockApi();
    renderAt(<MeFavoritePage />, '/me/favorite');
    expect(await screen.findByText('暂无收藏')).toBeTruthy();
    expect(screen.getByText('去发现好文档')).toBeTruthy();
    fireEvent.click(screen.getByText('文章'));
    const link = (await screen.findByText('量子计算入门')).closest('a');
    expect(link?.getAttribute('href')).toBe('/article/quantum');
    expect(screen.getByText('文章已删除')).toBeTruthy();
    const types = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((u) => u.pathname === '/api/v1/favorite/list')
      .map((u) => u.searchParams.get('type'));
    expect(types).toEqual(['0', '1']);
  });

  it('links a favourite document to its page by uuid', async () => {
    mockApi([
      {
        id: 31,
        document_id: 12,
        type: 0,
        created_at: '2026-11-01T08:00:00Z',
        document: { id: 12, uuid: 'a1b2c3d4e5f60718', title: '线性代数讲义', ext: 'pdf', pages: 3, size: 2048 },
      },
    ]);
    renderAt(<MeFavoritePage />, '/me/favorite');
    const link = (await screen.findByText('线性代数讲义')).closest('a');
    expect(link?.getAttribute('href')).toBe('/document/a1b2c3d4e5f60718');
  });
});
