import type { ReactNode } from 'react';
import { useMatches } from 'react-router-dom';

/**
 * What each entry of the route table (routes.tsx) hangs on its react-router route as `handle`: pages read their title
 * and breadcrumb through `useMatches()`, so nothing below app/ imports the route table.
 */
export interface AdminRouteHandle {
  title: string;
  icon?: ReactNode;
  /** ADMIN_MODULES key whose list permission unlocks the page */
  module?: string;
}

function isHandle(h: unknown): h is AdminRouteHandle {
  return !!h && typeof (h as AdminRouteHandle).title === 'string';
}

/** The handles of the matched routes, outermost first: the menu group (if any), then the page. */
export function useRouteHandles(): AdminRouteHandle[] {
  return useMatches()
    .map((m) => m.handle)
    .filter(isHandle);
}

/** The matched page's handle (the innermost one). */
export function usePageHandle(): AdminRouteHandle | undefined {
  const handles = useRouteHandles();
  return handles[handles.length - 1];
}
