import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OAUTH_REDIRECT, STORAGE_KEYS } from '@wenku/contracts/constants';
import { MODULE_LIST_KEYS } from '@wenku/contracts/schemas';
import { session } from './session';
import { testUser } from '../test/fixtures';

const user = testUser({ id: 9, username: 'alice' });

beforeEach(() => {
  localStorage.clear();
  session.reset();
});

describe('session', () => {
  it('starts from the token and user saved in localStorage', () => {
    localStorage.setItem(STORAGE_KEYS.token, 't1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    session.reset();
    expect(session.getState()).toMatchObject({ token: 't1', user: { id: 9 }, redirectAfterOauth: DEFAULT_OAUTH_REDIRECT });
  });

  it('signIn stores the user and token', () => {
    session.signIn(user, 'tok');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ id: 9 });
    expect(session.getState().token).toBe('tok');
  });

  it('derives allowPages from the permissions (admin menu only with a list permission)', () => {
    session.signIn(user, 'tok');
    // spec §6, moredoc's model: the UserAPI service's list method unlocks the user pages
    session.setPermissions([{ id: 1, method: 'GRPC', path: '/api.v1.UserAPI/ListUser', title: '用户列表', module: 'user' }]);
    expect(MODULE_LIST_KEYS.user).toBe('GRPC /api.v1.UserAPI/ListUser');
    expect(session.getState().allowPages).toContain('user');
    session.setPermissions([{ id: 2, method: 'GRPC', path: '/api.v1.UserAPI/SetUser', title: '修改用户', module: 'user' }]);
    expect(session.getState().allowPages).toEqual([]);
    // the HTTP key of the same route is not an entry any more
    session.setPermissions([{ id: 3, method: 'GET', path: '/api/v1/user/list', title: '', module: 'user' }]);
    expect(session.getState().allowPages).toEqual([]);
    // Wenku's own modules keep HTTP entries
    session.setPermissions([{ id: 4, method: 'GET', path: '/api/v1/order/list', title: '订单列表', module: 'order' }]);
    expect(session.getState().allowPages).toEqual(['order']);
  });

  it('clear() forgets everything, including localStorage', () => {
    session.signIn(user, 'tok');
    localStorage.setItem(STORAGE_KEYS.category, '[]');
    localStorage.setItem(STORAGE_KEYS.setting, '{}');
    session.setRedirectAfterOauth('/category/2');
    session.clear();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(session.getState()).toEqual({ user: null, token: '', permissions: [], allowPages: [], groups: [], redirectAfterOauth: DEFAULT_OAUTH_REDIRECT });
  });

  it('stores the OAuth return path unless it starts with /oauth', () => {
    session.setRedirectAfterOauth('/oauth/github');
    expect(session.getState().redirectAfterOauth).toBe('/me');
    session.setRedirectAfterOauth('/document/5');
    expect(session.getState().redirectAfterOauth).toBe('/document/5');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterOauth)).toBe('/document/5');
  });

  it('syncFromStorage picks up a login or logout from another tab', () => {
    expect(session.syncFromStorage()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.token, 'other-tab');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(session.syncFromStorage()).toBe(true);
    expect(session.getState()).toMatchObject({ token: 'other-tab', user: { id: 9 } });
    localStorage.removeItem(STORAGE_KEYS.token);
    expect(session.syncFromStorage()).toBe(true);
    expect(session.getState()).toMatchObject({ token: '', user: null });
  });
});
