import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPermission, TSettings, TUser } from '@wenku/contracts';
import { api, client } from '../lib/api';
import { readStoredUser, readToken } from '../lib/session';

export const queryKeys = {
  permission: (token: string | null) => ['user', 'permission', token] as const,
  me: (token: string | null) => ['user', 'me', token] as const,
  settings: ['settings'] as const,
};

/**
 * The token of the shared session. When the window regains focus (or another tab changes it), the
 * token is re-read from storage (spec §4), so logging in or out on the site is picked up here.
 */
export function useAuthToken(): string | null {
  const [token, setToken] = useState<string | null>(() => readToken());
  useEffect(() => {
    const sync = () =>
      setToken((prev) => {
        const next = readToken();
        return next === prev ? prev : next;
      });
    window.addEventListener('focus', sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener('focus', sync);
      window.removeEventListener('storage', sync);
    };
  }, []);
  return token;
}

export function usePermissions(token: string | null) {
  return useQuery({
    queryKey: queryKeys.permission(token),
    queryFn: ({ signal }) => client.call(api.getPermission, { signal }),
    enabled: !!token,
    retry: (count, err) => count < 2 && (err as { status?: number }).status !== 401,
    staleTime: 60_000,
  });
}

export function useCurrentUser(token: string | null) {
  const [stored] = useState(() => readStoredUser());
  return useQuery({
    queryKey: queryKeys.me(token),
    queryFn: ({ signal }) => client.call(api.getUser, { query: {}, signal }),
    placeholderData: stored,
    enabled: !!token,
    staleTime: 60_000,
  });
}

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => client.call(api.getSettings, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A page of the route table as other pages may link to it. */
export interface PageLink {
  path: string;
  title: string;
  icon?: ReactNode;
}

export interface AdminSession {
  token: string;
  permissions: TPermission[];
  allowedPages: string[];
  /** every page of the route table (pages do not import the table itself) */
  pages: PageLink[];
  user?: TUser;
  settings?: TSettings;
}

const SessionContext = createContext<AdminSession | null>(null);

export function SessionProvider({ value, children }: { value: AdminSession; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useAdminSession must be used inside the admin layout');
  return ctx;
}

/** The site name from the public settings, with the product's default. */
export function siteNameOf(settings: TSettings | undefined): string {
  const name = settings?.system?.sitename;
  return typeof name === 'string' && name.trim() ? name.trim() : '文库';
}
