import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useIsFetching } from '@tanstack/react-query';
import { useSettings } from '../features/settings/api';
import { decideAccess } from './access';
import { injectAnalytics, trackPageView } from './analytics';
import { useSession } from './session';
import { useStartup } from './startup';
import { LoadingBar } from './shell/loading-bar';

/** Scroll resets to the top on navigation, except on the document page (spec §2). */
function useScrollReset() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname.startsWith('/document/')) return;
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/** The statistics snippet once, and a page view for every route change (the snippet counts the landing page itself). */
function useAnalytics() {
  const { analytics } = useSettings().system;
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  const lastPath = useRef(path);
  useEffect(() => {
    if (analytics) injectAnalytics(analytics);
  }, [analytics]);
  useEffect(() => {
    if (path === lastPath.current) return;
    lastPath.current = path;
    trackPageView(path);
  }, [path]);
}

/** favicon, keywords and description from the settings. */
function useHeadMeta() {
  const { favicon, keywords, description } = useSettings().system;
  useEffect(() => {
    if (!favicon) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = favicon;
  }, [favicon]);
  useEffect(() => {
    for (const [name, content] of [
      ['keywords', keywords],
      ['description', description],
    ] as const) {
      if (!content) continue;
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = name;
        document.head.append(meta);
      }
      meta.content = content;
    }
  }, [keywords, description]);
}

export function FullPageSpin() {
  return (
    <div className="wk-fullpage-spin">
      <Spin size="large" />
    </div>
  );
}

/** The root route: startup loading, access redirects, loading bar, scroll, analytics. */
export function AppRoot() {
  const { settingsReady, permissionsReady, hasPermissions } = useStartup();
  const { security } = useSettings();
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.user?.id);
  const location = useLocation();
  const navigation = useNavigation();
  const fetching = useIsFetching();
  useScrollReset();
  useAnalytics();
  useHeadMeta();

  const loading = navigation.state !== 'idle' || fetching > 0;
  // Decisions that depend on the site switches wait for the settings; on a closed site also for the permissions.
  const ready = settingsReady && (!security.is_close || permissionsReady);
  const redirect = ready
    ? decideAccess({
        pathname: location.pathname,
        search: location.search,
        loggedIn: Boolean(token),
        userId,
        hasPermissions,
        loginRequired: security.login_required,
        isClose: security.is_close,
      })
    : null;

  return (
    <>
      <LoadingBar active={loading} />
      {!ready ? <FullPageSpin /> : redirect && redirect !== `${location.pathname}${location.search}` ? <Navigate to={redirect} replace /> : <Outlet />}
    </>
  );
}
