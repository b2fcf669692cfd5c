import { useEffect, useMemo, useRef, useState } from 'react';
import { reflow } from '../lib/text-layer';
import { usePageLayer } from './use-page-layer';

export interface ReaderTextViewProps {
  uuid: string;
  textKey: string;
  /** pages 1..readable */
  readable: number;
  /** font size in px (16 by default) */
  fontSize: number;
}

/** The pages whose text is fetched when the 文字版 opens; the others as they approach the viewport. */
export const TEXT_VIEW_FIRST_PAGES = 3;
/** How far ahead of the viewport a page's text is fetched: about two screens, a few pages of text. */
const AHEAD = '200% 0px 200% 0px';

/**
 * The phone's 文字版: the readable pages' text reflowed at a legible size, paragraphs kept, page numbers as
 * separators. The text comes from the pages' layers (the same requests and cache as the layer over the images), so
 * it never reaches past the pages this reader may read. Only the first pages are fetched at once; each further page
 * when its place comes within two screens of the viewport (a 300-page manual is not 300 requests on opening).
 */
export default function ReaderTextView({ uuid, textKey, readable, fontSize }: ReaderTextViewProps) {
  const pages = useMemo(() => Array.from({ length: readable }, (_, i) => i + 1), [readable]);
  const rootRef = useRef<HTMLDivElement>(null);
  // pages that came near the viewport once (their text stays)
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set(pages.slice(0, TEXT_VIEW_FIRST_PAGES)));
  const io = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !io) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const hit = entries.filter((e) => e.isIntersecting).map((e) => Number((e.target as HTMLElement).dataset.page));
        if (hit.length) setNear((s) => (hit.every((p) => s.has(p)) ? s : new Set([...s, ...hit])));
      },
      { rootMargin: AHEAD },
    );
    root.querySelectorAll<HTMLElement>('section[data-page]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [io, pages]);
  return (
    <div ref={rootRef} className="wk-reader-text" style={{ fontSize }} data-testid="reader-text-view">
      {pages.map((page) => (
        <TextPage key={page} uuid={uuid} textKey={textKey} page={page} load={!io || near.has(page)} />
      ))}
    </div>
  );
}

function TextPage({ uuid, textKey, page, load }: { uuid: string; textKey: string; page: number; load: boolean }) {
  const q = usePageLayer(uuid, page, textKey, load);
  return (
    <section data-page={page} aria-label={`第 ${page} 页`} className={q.data || q.isError ? undefined : 'is-pending'}>
      <div className="wk-reader-text-sep">第 {page} 页</div>
      {q.data ? (
        reflow(q.data).map((p, k) => <p key={k}>{p}</p>)
      ) : q.isError ? (
        <p className="wk-reader-text-missing">本页没有文字</p>
      ) : (
        <p className="wk-reader-text-missing" aria-busy="true">
          加载中…
        </p>
      )}
    </section>
  );
}
