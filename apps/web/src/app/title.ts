import { useEffect } from 'react';
import type { TConfig } from '@wenku/contracts/schemas';
import { useSettings } from '../features/settings/api';
import { siteName } from '../features/settings/lib';

/** "页面名 - 站点名"; the home page (no name) uses the site title, or the site name when the title is empty. */
export function pageTitle(name: string | undefined, system: Pick<TConfig<'system'>, 'title' | 'sitename'>): string {
  const n = name?.trim();
  const site = siteName(system);
  return n ? `${n} - ${site}` : system.title.trim() || site;
}

/** Sets document.title for the current page. */
export function useDocumentTitle(name?: string): void {
  const { system } = useSettings();
  const title = pageTitle(name, system);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
