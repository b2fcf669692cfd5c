import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { ErrorCode } from '@wenku/contracts/client';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { session } from '../../../app/session';
import MePasswordPage from './me-password-page';
import { testUser } from '../../../test/fixtures';

const user = testUser({ id: 7, username: 'alice' });
function mockApi(onPassword: (body: Record<string, string>) => Promise<Response>) {
  return stubApi((u, init) => (u.pathname === '/api/v1/user/password' && init?.method === 'PUT' ? onPassword(JSON.parse(String(init.body))) : undefined));
}

const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /修改密码/ }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'old-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  session.reset();
});

describe('<MePasswordPage>', () => {
  it('shows the username read-only', () => {
    mockApi(() => json({ ok: true }));
    renderAt(<MePasswordPage />, '/me/password');
    const input = screen.getByDisplayValue('alice') as HTMLInputElement;
    expect(input.readOnly || input.disabled).toBe(true);
  });

  it('asks for every field with the exact messages', async () => {
    const fetchMock = mockApi(() => json({ ok: true }));
    renderAt(<MePasswordPage />, '/me/password');
    submit();
    expect(await screen.findByText('请输入您的原密码')).toBeTruthy();
    expect(screen.getByText('请输入您的新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入您的新密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/user/password'), expect.anything());
  });

  it('requires the confirmation to match', async () => {
    mockApi(() => json({ ok: true }));
    renderAt(<MePasswordPage />, '/me/password');
    fill('请输入您的原密码', 'old-secret');
    fill('请输入您的新密码（至少8位）', 'new-secret');
    fill('请再次输入您的新密码', 'other-secret');
    submit();
    expect(await screen.findByText('新密码和确认密码不一致')).toBeTruthy();
  });

  it('changes the password, stores the new token and resets the form', async () => {
    let sent: Record<string, string> | undefined;
    mockApi((body) => {
      sent = body;
      return json({ ok: true, token: 'new-token' });
    });
    renderAt(<MePasswordPage />, '/me/password');
    fill('请输入您的原密码', 'old-secret');
    fill('请输入您的新密码（至少8位）', 'new-secret');
    fill('请再次输入您的新密码', 'new-secret');
    submit();
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    expect(sent).toEqual({ old_password: 'old-secret', new_password: 'new-secret' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(session.getState().token).toBe('new-token');
    await waitFor(() => expect((screen.getByPlaceholderText('请输入您的原密码') as HTMLInputElement).value).toBe(''));
  });

  it('shows the server message on failure', async () => {
    mockApi(() => json({ code: ErrorCode.BadRequest, message: '原密码不正确' }, 400));
    renderAt(<MePasswordPage />, '/me/password');
    fill('请输入您的原密码', 'wrong');
    fill('请输入您的新密码（至少8位）', 'new-secret');
    fill('请再次输入您的新密码', 'new-secret');
    submit();
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('old-token');
  });
});
