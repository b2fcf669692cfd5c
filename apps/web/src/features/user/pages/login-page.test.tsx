import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { ErrorCode } from '@wenku/contracts/client';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { session } from '../../../app/session';
import LoginPage from './login-page';
import { testUser } from '../../../test/fixtures';

const user = testUser({ id: 7, username: 'alice' });
function mockApi(login: (body: { username: string; password: string }) => Promise<Response>) {
  return stubApi((u, init) => (u.pathname === '/api/v1/user/login' ? login(JSON.parse(String(init?.body))) : undefined));
}

async function submit(username: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('用户名 / 邮箱 / 手机号'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

beforeEach(() => {
  localStorage.clear();
  session.reset();
});

describe('<LoginPage>', () => {
  it('logs in, stores token and user, loads permissions and goes to the redirect', async () => {
    const fetchMock = mockApi(() => json({ user, token: 'tok-1' }));
    renderAt(<LoginPage />, '/login?redirect=%2Fcategory%2F2');
    await submit('alice', 'secret');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/category/2'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(session.getState().user?.id).toBe(7);
    const paths = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/user/login', '/api/v1/user/permission', '/api/v1/user/group']));
  });

  it('goes home without a redirect', async () => {
    mockApi(() => json({ user, token: 'tok-1' }));
    renderAt(<LoginPage />, '/login');
    await submit('alice', 'secret');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('shows the server message on failure', async () => {
    mockApi(() => json({ code: ErrorCode.Unauthorized, message: '用户名或密码不正确' }, 401));
    renderAt(<LoginPage />, '/login');
    await submit('alice', 'bad');
    expect(await screen.findByText('用户名或密码不正确')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows 登录失败 when the server gives no message', async () => {
    mockApi(() => Promise.resolve(new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' })));
    renderAt(<LoginPage />, '/login');
    await submit('alice', 'bad');
    expect(await screen.findByText('登录失败')).toBeTruthy();
  });

  it('asks for a captcha (forced) once the API says the account needs one', async () => {
    const captchaQueries: string[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/user/captcha') {
        captchaQueries.push(u.search);
        return json({ enable: true, id: 'cap-1', captcha: 'data:image/svg+xml;base64,PHN2Zy8+', type: 'login' });
      }
      if (u.pathname !== '/api/v1/user/login') return undefined;
      const body = JSON.parse(String(init?.body));
      return body.captcha === 'ab12' && body.captcha_id === 'cap-1'
        ? json({ user, token: 'tok-2' })
        : json({ code: ErrorCode.CaptchaRequired, message: '登录失败次数较多，请输入验证码' }, 400);
    });
    renderAt(<LoginPage />, '/login');
    expect(screen.queryByPlaceholderText('请输入验证码')).toBeNull();
    await submit('alice', 'secret-123');
    expect(await screen.findByText('登录失败次数较多，请输入验证码')).toBeTruthy();
    const field = await screen.findByPlaceholderText('请输入验证码');
    expect(captchaQueries.some((q) => q.includes('force=true'))).toBe(true);
    fireEvent.change(field, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-2'));
  });
});
