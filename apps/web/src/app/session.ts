import { useSyncExternalStore } from 'react';
import { DEFAULT_OAUTH_REDIRECT, STORAGE_KEYS } from '@wenku/contracts/constants';
import { allowedAdminModules, clientModuleListKeys } from '@wenku/contracts/paths';
import type { TGroup, TPermission, TUser } from '@wenku/contracts/schemas';
import { storage } from '../lib/storage';

/** Session state, spec §3: user, token, permissions, allowPages, redirectAfterOauth (default /me), groups. */
export interface SessionState {
  user: TUser | null;
  token: string;
  permissions: TPermission[];
  /** The admin modules the permissions unlock (the admin's route table maps them to its pages); empty: no 管理后台 link. */
  allowPages: string[];
  redirectAfterOauth: string;
  groups: TGroup[];
}

function fromStorage(): SessionState {
  const token = storage.get(STORAGE_KEYS.token) ?? '';
  return {
    token,
    user: token ? storage.getJson<TUser>(STORAGE_KEYS.user) : null,
    permissions: [],
    allowPages: [],
    redirectAfterOauth: storage.get(STORAGE_KEYS.redirectAfterOauth) || DEFAULT_OAUTH_REDIRECT,
    groups: [],
  };
}

let state: SessionState = fromStorage();
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const session = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Login, registration or OAuth login: user and token; permissions and groups are loaded next. */
  signIn(user: TUser, token: string) {
    storage.set(STORAGE_KEYS.token, token);
    storage.setJson(STORAGE_KEYS.user, user);
    setState({ user, token, permissions: [], allowPages: [], groups: [] });
  },
  setUser(user: TUser) {
    storage.setJson(STORAGE_KEYS.user, user);
    setState({ user });
  },
  setPermissions(permissions: TPermission[]) {
    setState({ permissions, allowPages: allowedAdminModules(permissions, clientModuleListKeys) });
  },
  setGroups(groups: TGroup[]) {
    setState({ groups });
  },
  /** The OAuth return path is stored unless it starts with /oauth (spec §4). */
  setRedirectAfterOauth(path: string) {
    if (!path || path.startsWith('/oauth')) return;
    storage.set(STORAGE_KEYS.redirectAfterOauth, path);
    setState({ redirectAfterOauth: path });
  },
  /** Logout clears everything, including local storage (spec §4). */
  clear() {
    storage.clearAll();
    setState({ user: null, token: '', permissions: [], allowPages: [], groups: [], redirectAfterOauth: DEFAULT_OAUTH_REDIRECT });
  },
  /**
   * When the window regains focus the token is refreshed from storage if it differs (another tab logged in or out).
   * Returns true when the session changed.
   */
  syncFromStorage(): boolean {
    const token = storage.get(STORAGE_KEYS.token) ?? '';
    if (token === state.token) return false;
    if (!token) {
      setState({ user: null, token: '', permissions: [], allowPages: [], groups: [] });
    } else {
      setState({ token, user: storage.getJson<TUser>(STORAGE_KEYS.user), permissions: [], allowPages: [], groups: [] });
    }
    return true;
  },
  /** tests only */
  reset() {
    state = fromStorage();
    for (const l of listeners) l();
  },
};

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useSyncExternalStore(
    session.subscribe,
    () => selector(state),
    () => selector(state),
  );
}
