import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SessionProvider, type AdminSession } from '../app/session';

/** What antd needs from a browser that jsdom does not have (call in `beforeAll`): one copy for the admin and the web. */
export { installDomShims } from '@wenku/ui/testing';

export const testSession = (over: Partial<AdminSession> = {}): AdminSession => ({
  token: 't',
  permissions: [],
  allowedPages: [],
  pages: [],
  ...over,
});

/** A page inside the providers it expects: react-query, a router at `path` (with its title handle) and the admin session. */
export function renderPage(
  page: ReactNode,
  {
    path = '/',
    title = '页面',
    session = testSession(),
    entry = path,
  }: { path?: string; title?: string; session?: AdminSession; /** the URL opened (default `path`), e.g. with a query */ entry?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: <SessionProvider value={session}>{page}</SessionProvider>, handle: { title } }], {
    initialEntries: [entry],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * antd tables and charts are slow to render in jsdom on a loaded CI machine: the same hang guard as every other wait
 * (`asyncUtilTimeout` in test/setup.ts), never a limit of its own (no assertion is about time).
 */
export const slow = { timeout: 180_000 };
