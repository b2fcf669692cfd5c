import { useEffect } from 'react';
import { useSiteConfig } from '../features/settings/api';

/** "页面名 - 站点名"; the home page (no name) uses the site title. */
export function pageTitle(name: string | undefined, site: { title: string; sitename: string }): string {
  const n = name?.trim();
  return n ? `${n} - ${site.sitename}` : site.title || site.sitename;
}

/** Sets document.title for the current page. */
export function useDocumentTitle(name?: string): void {
  const { title, sitename } = useSiteConfig();
  useEffect(() => {
    document.title = pageTitle(name, { title, sitename });
  }, [name, title, sitename]);
}
