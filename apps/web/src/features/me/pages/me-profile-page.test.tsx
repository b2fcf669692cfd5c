import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { ErrorCode } from '@wenku/contracts/client';
import { renderAt } from '../../../test/render';
import { session } from '../../../app/session';
import MeProfilePage from './me-profile-page';
import { testUser } from '../../../test/fixtures';

const base = testUser({ id: 7, username: 'alice' });
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function mockApi(onProfile: (body: Record<string, unknown>) => Promise<Response>) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/v1/user/profile' && init?.method === 'PUT') return onProfile(JSON.parse(String(init.body)));
    if (path === '/api/v1/user/oauth') return json({ oauth: [{ id: 3, type: 'github', nickname: 'octo', avatar: '', created_at: '2024-02-01T00:00:00Z' }] });
    if (path === '/api/v1/oauth/configs') return json({ oauth: [] });
    return json({ code: ErrorCode.NotFound, message: '接口不存在' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(user: Record<string, unknown>) {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  session.reset();
}

beforeEach(() => localStorage.clear());

describe('<MeProfilePage>', () => {
  it('asks for a valid email and a username with the exact messages', async () => {
    signIn({ ...base, email: '' });
    const fetchMock = mockApi(() => json(base));
    renderAt(<MeProfilePage />, '/me/profile');
    fireEvent.change(screen.getByPlaceholderText('请输入您的电子邮箱'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByPlaceholderText('请输入您的登录用户名'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    expect(await screen.findByText('请输入正确的电子邮箱')).toBeTruthy();
    expect(screen.getByText('请输入您的登录用户名', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/user/profile'))).toBe(false);
  });

  it('locks email and mobile once set, saves and says 修改成功', async () => {
    signIn({ ...base, email: 'a@b.cn', mobile: '13800138000' });
    let sent: Record<string, unknown> | undefined;
    mockApi((body) => {
      sent = body;
      return json({ ...base, email: 'a@b.cn', mobile: '13800138000', signature: 'hello' });
    });
    renderAt(<MeProfilePage />, '/me/profile');
    expect((screen.getByPlaceholderText('请输入您的电子邮箱') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请输入您的手机号') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('介绍一下自己吧'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(sent).toMatchObject({ username: 'alice', signature: 'hello' });
    expect(sent && 'email' in sent).toBe(false);
    await waitFor(() => expect(session.getState().user?.signature).toBe('hello'));
  });

  it('shows the server message, or 修改失败', async () => {
    signIn({ ...base, email: '' });
    mockApi(() => json({ code: ErrorCode.Conflict, message: '用户名已被注册' }, 409));
    renderAt(<MeProfilePage />, '/me/profile');
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    expect(await screen.findByText('用户名已被注册')).toBeTruthy();
  });

  it('lists bound accounts with 解绑', async () => {
    signIn({ ...base, email: '' });
    mockApi(() => json(base));
    renderAt(<MeProfilePage />, '/me/profile');
    expect(await screen.findByText(/GitHub · octo/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /解\s*绑/ })).toBeTruthy();
  });
});
