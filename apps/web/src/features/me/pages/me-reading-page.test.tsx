import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { session } from '../../../app/session';
import { testUser } from '../../../test/fixtures';
import MeReadingPage from './me-reading-page';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice' })));
  session.reset();
});

describe('<MeReadingPage>', () => {
  it('lists 最近阅读, each opening the document at the page where the reader stopped', async () => {
    stubApi((u) =>
      u.pathname === '/api/v1/document/progress/list'
        ? json({
            total: 1,
            document: [
              {
                document_id: 3,
                uuid: 'abcdef0123456789',
                title: 'Debian 参考手册',
                ext: 'pdf',
                pages: 60,
                cover: '',
                page: 57,
                updated_at: '2026-11-28T08:00:00Z',
              },
            ],
          })
        : undefined,
    );
    renderAt(<MeReadingPage />, '/me/reading');
    const title = await screen.findByText('Debian 参考手册');
    expect(title.closest('a')?.getAttribute('href')).toMatch(/abcdef0123456789\?page=57$/);
    expect(screen.getAllByText(/第 57 \/ 60 页/).length).toBeGreaterThan(0);
  });
});
