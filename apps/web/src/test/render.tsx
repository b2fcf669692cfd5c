import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';

/** Shows the current URL so tests can assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders `element` at `path` inside a memory router with react-query and antd's App. */
export function renderAt(element: ReactElement, path: string, opts: { routes?: RouteObject[]; client?: QueryClient; wrap?: (n: ReactNode) => ReactNode } = {}) {
  const client = opts.client ?? testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      ...(opts.routes ?? []),
    ],
    { initialEntries: [path] },
  );
  const tree = (
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>
  );
  return { ...render(opts.wrap ? <>{opts.wrap(tree)}</> : tree), router, client };
}
