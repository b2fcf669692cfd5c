import { injectHtml } from '@wenku/ui';

const MARK = 'data-wenku-analytics';

/**
 * Injects the site's statistics snippet (settings.system.analytics) once. It is administrator HTML with <script>
 * tags, or bare script text; either way the scripts are created as elements so they execute.
 */
export function injectAnalytics(snippet: string, doc: Document = document): boolean {
  const code = snippet.trim();
  if (!code || doc.head.querySelector(`[${MARK}]`)) return false;
  const holder = doc.createElement('div');
  injectHtml(holder, /<[a-z!/]/i.test(code) ? code : `<script>${code}</script>`);
  for (const node of Array.from(holder.childNodes)) {
    if (node instanceof Element) node.setAttribute(MARK, '');
    if (node.nodeType === Node.ELEMENT_NODE) doc.head.append(node);
  }
  if (!doc.head.querySelector(`[${MARK}]`)) {
    const marker = doc.createElement('meta');
    marker.setAttribute(MARK, '');
    doc.head.append(marker);
  }
  return true;
}

interface AnalyticsWindow {
  _hmt?: unknown[][] | { push: (args: unknown[]) => void };
  gtag?: (...args: unknown[]) => void;
}

/** Reports a route change as a page view to Baidu Tongji and/or Google Analytics, when they are loaded. */
export function trackPageView(path: string, w: AnalyticsWindow = window as unknown as AnalyticsWindow): void {
  try {
    if (w._hmt && typeof (w._hmt as { push?: unknown }).push === 'function') {
      (w._hmt as { push: (a: unknown[]) => void }).push(['_trackPageview', path]);
    }
    if (typeof w.gtag === 'function') w.gtag('event', 'page_view', { page_path: path });
  } catch {
    /* a broken third-party script must not break navigation */
  }
}
