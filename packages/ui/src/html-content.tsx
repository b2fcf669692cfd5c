import { useEffect, useRef, type CSSProperties, type ElementType } from 'react';

/**
 * Puts trusted HTML (written by site administrators: ads, analytics, statements) into `target`.
 * Scripts inserted through innerHTML never run, so each <script> is re-created as a fresh element.
 */
export function injectHtml(target: Element, html: string): void {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const scripts = Array.from(tpl.content.querySelectorAll('script'));
  for (const old of scripts) {
    const fresh = document.createElement('script');
    for (const attr of Array.from(old.attributes)) fresh.setAttribute(attr.name, attr.value);
    fresh.text = old.text;
    old.replaceWith(fresh);
  }
  target.append(tpl.content);
}

export interface HtmlContentProps {
  html: string;
  /** run <script> tags found in the HTML (ads, widgets); off by default */
  executeScripts?: boolean;
  as?: ElementType;
  className?: string;
  style?: CSSProperties;
}

/** Trusted administrator HTML. Never use it for user-generated content. */
export function HtmlContent({ html, executeScripts = false, as: Tag = 'div', className, style }: HtmlContentProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !executeScripts) return;
    el.innerHTML = '';
    injectHtml(el, html);
  }, [html, executeScripts]);
  if (executeScripts) return <Tag ref={ref} className={className} style={style} />;
  return <Tag className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}
