import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { ErrorCode } from '@wenku/contracts/client';
import { renderAt } from '../../../test/render';
import { testSettings } from '../../../test/fetch';
import { session } from '../../../app/session';
import { SignInButton } from './sign-in-button';
import { meKeys, useCurrentUserQuery } from '../api';
import { testUser } from '../../../test/fixtures';

const user = testUser({ id: 7, username: 'alice', credit_count: 10 });
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const record = { id: 3, user_id: 7, sign_at: 20250101, award: 2, created_at: '2025-01-01T01:00:00Z' };

function mockApi(opts: { signed: boolean; put?: () => Promise<Response>; user?: () => Promise<Response> }) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/v1/user/sign' && init?.method === 'PUT') return opts.put ? opts.put() : json({ ...record, credit_count: 12 });
    if (path === '/api/v1/user/sign') return json({ sign: opts.signed ? record : null });
    if (path === '/api/v1/user' && opts.user) return opts.user();
    if (path === '/api/v1/settings') return json(testSettings({ system: { credit_name: '金币' } }));
    return json({ code: ErrorCode.NotFound, message: '接口不存在' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.setting, JSON.stringify(testSettings({ system: { credit_name: '金币' } })));
  session.reset();
});

describe('<SignInButton>', () => {
  it('signs in, shows the award with the credit name and turns into 今日已签到', async () => {
    mockApi({ signed: false });
    renderAt(<SignInButton />, '/me');
    fireEvent.click(await screen.findByRole('button', { name: /每日签到/ }));
    expect(await screen.findByText('签到成功，获得 2 金币奖励')).toBeTruthy();
    const done = await screen.findByRole('button', { name: /今日已签到/ });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(session.getState().user?.credit_count).toBe(12);
  });

  it('is disabled when today is already signed', async () => {
    mockApi({ signed: true });
    renderAt(<SignInButton />, '/me');
    const done = await screen.findByRole('button', { name: /今日已签到/ });
    expect((done as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server message on failure', async () => {
    mockApi({ signed: false, put: () => json({ code: ErrorCode.Conflict, message: '今日已签到' }, 409) });
    renderAt(<SignInButton />, '/me');
    fireEvent.click(await screen.findByRole('button', { name: /每日签到/ }));
    expect(await screen.findByText('今日已签到')).toBeTruthy();
  });

  it('keeps the new balance when a look-up of the user that started before answers late', async () => {
    let answerUser: () => void = () => undefined;
    mockApi({
      signed: false,
      user: () =>
        new Promise<Response>(
          (resolve) => (answerUser = () => void resolve(new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } }))),
        ),
    });
    function WithUser() {
      useCurrentUserQuery('tok');
      return <SignInButton />;
    }
    const { client } = renderAt(<WithUser />, '/me');
    fireEvent.click(await screen.findByRole('button', { name: /每日签到/ }));
    await screen.findByRole('button', { name: /今日已签到/ });
    answerUser(); // the old answer (10) arrives after the sign-in (12)
    await new Promise((r) => setTimeout(r, 50));
    expect(client.getQueryData<{ credit_count: number }>(meKeys.user('tok'))?.credit_count).toBe(12);
    expect(session.getState().user?.credit_count).toBe(12);
  });
});
