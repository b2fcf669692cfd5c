import { describe, expect, it } from 'vitest';
import { authHref, decideAccess, isAuthPage, loginRedirect, safeRedirect, type AccessInput } from './access';

const base: AccessInput = { pathname: '/', search: '', loggedIn: false, userId: null, hasPermissions: false, loginRequired: false, isClose: false };
const decide = (patch: Partial<AccessInput>) => decideAccess({ ...base, ...patch });

describe('decideAccess', () => {
  it('lets anonymous visitors browse an open site', () => {
    expect(decide({ pathname: '/' })).toBeNull();
    expect(decide({ pathname: '/category/3' })).toBeNull();
    expect(decide({ pathname: '/login' })).toBeNull();
  });

  describe('login_required', () => {
    it('sends anonymous users to login with the page to come back to', () => {
      expect(decide({ loginRequired: true, pathname: '/category/3', search: '?a=1' })).toBe('/login?redirect=%2Fcategory%2F3%3Fa%3D1');
    });
    it('keeps login, register, find-password and oauth pages reachable', () => {
      for (const pathname of ['/login', '/register', '/findpassword', '/findpassword-mobile', '/oauth/github', '/oauth/wechatmp']) {
        expect(decide({ loginRequired: true, pathname })).toBeNull();
      }
    });
    it('lets logged-in users through', () => {
      expect(decide({ loginRequired: true, loggedIn: true, userId: 3, pathname: '/category' })).toBeNull();
    });
  });

  describe('is_close', () => {
    it('sends anonymous users to login', () => {
      expect(decide({ isClose: true, pathname: '/' })).toBe('/login?redirect=%2F');
      expect(decide({ isClose: true, pathname: '/register' })).toBe('/login?redirect=%2Fregister');
    });
    it('sends logged-in users without permissions to login, and lets them stay there', () => {
      expect(decide({ isClose: true, loggedIn: true, userId: 3, pathname: '/category' })).toBe('/login');
      expect(decide({ isClose: true, loggedIn: true, userId: 3, pathname: '/login' })).toBeNull();
    });
    it('lets users with permissions in', () => {
      expect(decide({ isClose: true, loggedIn: true, userId: 1, hasPermissions: true, pathname: '/category' })).toBeNull();
    });
    it('keeps the login page itself reachable for anonymous users', () => {
      expect(decide({ isClose: true, pathname: '/login' })).toBeNull();
    });
  });

  it('sends anonymous visitors of /me to login with a redirect', () => {
    expect(decide({ pathname: '/me' })).toBe('/login?redirect=%2Fme');
    expect(decide({ pathname: '/me/profile' })).toBe('/login?redirect=%2Fme%2Fprofile');
    expect(decide({ pathname: '/me', loggedIn: true, userId: 2 })).toBeNull();
    expect(decide({ pathname: '/mess' })).toBeNull();
  });

  it('requires a login for the order page, keeping the order number', () => {
    expect(decide({ pathname: '/order', search: '?order_no=2026112400001' })).toBe('/login?redirect=%2Forder%3Forder_no%3D2026112400001');
    expect(decide({ pathname: '/order', search: '?order_no=1', loggedIn: true, userId: 2 })).toBeNull();
    expect(decide({ pathname: '/orders' })).toBeNull();
  });

  it('requires a login for chat pages', () => {
    expect(decide({ pathname: '/chat' })).toBe('/login?redirect=%2Fchat');
    expect(decide({ pathname: '/chat/abc-uuid' })).toBe('/login?redirect=%2Fchat%2Fabc-uuid');
    expect(decide({ pathname: '/chat/dialog', loggedIn: true, userId: 2 })).toBeNull();
  });

  it('sends logged-in users away from login and register to their home page', () => {
    expect(decide({ pathname: '/login', loggedIn: true, userId: 5 })).toBe('/user/5');
    expect(decide({ pathname: '/register', loggedIn: true, userId: 5 })).toBe('/user/5');
  });

  it('keeps a logged-in user on login while the user record is unknown', () => {
    expect(decide({ pathname: '/login', loggedIn: true, userId: null })).toBeNull();
  });

  it('does not send a permission-less user away from login on a closed site', () => {
    expect(decide({ pathname: '/login', loggedIn: true, userId: 5, isClose: true })).toBeNull();
    expect(decide({ pathname: '/login', loggedIn: true, userId: 5, isClose: true, hasPermissions: true })).toBe('/user/5');
  });
});

describe('authHref', () => {
  it('adds the previous page as redirect', () => {
    expect(authHref('/login', '/category/3', '?x=1')).toBe('/login?redirect=%2Fcategory%2F3%3Fx%3D1');
    expect(authHref('/register', '/', '')).toBe('/register?redirect=%2F');
  });
  it('keeps an existing redirect when switching between login and register', () => {
    expect(authHref('/register', '/login', '?redirect=%2Fme')).toBe('/register?redirect=%2Fme');
    expect(authHref('/login', '/register', '')).toBe('/login');
  });
  it('adds nothing from other account pages', () => {
    expect(authHref('/login', '/findpassword', '')).toBe('/login');
    expect(authHref('/login', '/oauth/github', '?code=1')).toBe('/login');
  });
});

describe('safeRedirect', () => {
  it('accepts site paths', () => {
    expect(safeRedirect('/category/1?x=2')).toBe('/category/1?x=2');
  });
  it('rejects other origins, protocol-relative URLs and account pages', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null, '/me')).toBe('/me');
  });
});

describe('helpers', () => {
  it('loginRedirect encodes the page', () => {
    expect(loginRedirect('/me', 'tab=1')).toBe('/login?redirect=%2Fme%3Ftab%3D1');
  });
  it('isAuthPage', () => {
    expect(isAuthPage('/oauth')).toBe(true);
    expect(isAuthPage('/oauthx')).toBe(false);
    expect(isAuthPage('/login')).toBe(true);
    expect(isAuthPage('/me')).toBe(false);
  });
});
