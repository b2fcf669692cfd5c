/** Access redirects of the public site (spec §4), as one pure decision. */

export interface AccessInput {
  pathname: string;
  /** query string of the current URL, with or without the leading '?' */
  search?: string;
  /** a token is held */
  loggedIn: boolean;
  userId?: number | null;
  /** the user holds at least one permission */
  hasPermissions: boolean;
  loginRequired: boolean;
  isClose: boolean;
}

const AUTH_PAGES = ['/login', '/register', '/findpassword', '/findpassword-mobile'];

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Login, register, find-password and OAuth pages: reachable even when the site needs a login. */
export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((p) => pathname === p) || under(pathname, '/oauth');
}

/** Pages that need a logged-in user: the personal centre, chat and the order page. */
function needsLogin(pathname: string): boolean {
  return under(pathname, '/me') || under(pathname, '/chat') || under(pathname, '/order');
}

/** A redirect target taken from a query string: only paths of this site, never another origin. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (isAuthPage(target.split(/[?#]/)[0])) return fallback;
  return target;
}

/** `/login?redirect=<page>` for the page being left. */
export function loginRedirect(pathname: string, search = ''): string {
  const q = search && !search.startsWith('?') ? `?${search}` : search;
  return `/login?redirect=${encodeURIComponent(`${pathname}${q}`)}`;
}

/**
 * Where the header's 登录 / 注册 links point: visiting them from another page adds `?redirect=<that page>`;
 * switching between login and register keeps the redirect already there.
 */
export function authHref(target: '/login' | '/register', pathname: string, search = ''): string {
  if (pathname === '/login' || pathname === '/register') {
    const redirect = new URLSearchParams(search).get('redirect');
    return redirect ? `${target}?redirect=${encodeURIComponent(redirect)}` : target;
  }
  if (isAuthPage(pathname)) return target;
  const q = search && !search.startsWith('?') ? `?${search}` : search;
  return `${target}?redirect=${encodeURIComponent(`${pathname}${q}`)}`;
}

/** The redirect for the current page, or null to stay. */
export function decideAccess(input: AccessInput): string | null {
  const { pathname, search = '', loggedIn, userId, hasPermissions, loginRequired, isClose } = input;
  const closedForUser = isClose && (!loggedIn || !hasPermissions);

  // A logged-in user has no business on login/register, unless the closed site keeps them out.
  if (loggedIn && (pathname === '/login' || pathname === '/register')) {
    if (closedForUser) return null;
    return userId ? `/user/${userId}` : null;
  }

  // Closed site: anonymous users and users without permissions go to login (where an admin can still sign in).
  if (closedForUser) {
    if (pathname === '/login' || pathname === '/findpassword' || pathname === '/findpassword-mobile' || under(pathname, '/oauth')) return null;
    return loggedIn ? '/login' : loginRedirect(pathname, search);
  }

  if (!loggedIn) {
    if (loginRequired && !isAuthPage(pathname)) return loginRedirect(pathname, search);
    if (needsLogin(pathname)) return loginRedirect(pathname, search);
  }
  return null;
}
