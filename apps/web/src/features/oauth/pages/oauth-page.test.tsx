import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { session } from '../../../app/session';
import { oauthBinding, oauthNonce } from '../lib';
import OAuthPage from './oauth-page';
import { testUser } from '../../../test/fixtures';

const user = testUser({ id: 7, username: 'alice' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  session.reset();
});

describe('<OAuthPage>', () => {
  it("a logged-in user confirms before anything is bound, and the bind carries this tab's nonce", async () => {
    session.signIn(user as never, 'tok-1');
    const nonce = oauthNonce();
    expect(await oauthBinding(nonce)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bodies: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/oauth/bind') {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ user, token: 'tok-2' });
      }
      return undefined;
    });
    renderAt(<></>, '/oauth/github?code=c1&state=s1', { routes: [{ path: '/oauth/:type', element: <OAuthPage /> }] });
    const confirm = await screen.findByRole('button', { name: /确认绑定/ });
    expect(bodies).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ type: 'github', code: 'c1', state: 's1', nonce });
    // the nonce is used once
    expect(sessionStorage.getItem('wenku:oauth-nonce')).toBeNull();
  });

  it('a logged-out visitor logs in at once with the nonce', async () => {
    const nonce = oauthNonce();
    const bodies: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/oauth/login') {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ user, token: 'tok-3' });
      }
      return undefined;
    });
    renderAt(<></>, '/oauth/github?code=c2&state=s2', { routes: [{ path: '/oauth/:type', element: <OAuthPage /> }] });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ type: 'github', code: 'c2', state: 's2', nonce });
  });
});
