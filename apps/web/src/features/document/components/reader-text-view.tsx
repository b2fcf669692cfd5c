import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api';
import { layerUrl, reflow, type PageLayer } from '../lib/text-layer';

export interface ReaderTextViewProps {
  uuid: string;
  textKey: string;
  /** pages 1..readable */
  readable: number;
  /** font size in px (16 by default) */
  fontSize: number;
}

/**
 * The phone's 文字版: the readable pages' text reflowed at a legible size, paragraphs kept, page numbers as
 * separators. The text comes from the pages' layers (the same requests and cache as the layer over the images), so
 * it never reaches past the pages this reader may read.
 */
export default function ReaderTextView({ uuid, textKey, readable, fontSize }: ReaderTextViewProps) {
  const pages = useMemo(() => Array.from({ length: readable }, (_, i) => i + 1), [readable]);
  const layers = useQueries({
    queries: pages.map((page) => ({
      queryKey: ['reader-layer', uuid, page, textKey],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const res = await fetch(apiUrl(layerUrl(uuid, page, textKey)), { signal });
        if (!res.ok) throw new Error(`text layer ${res.status}`);
        return (await res.json()) as PageLayer;
      },
      staleTime: Infinity,
      retry: false,
    })),
  });
  return (
    <div className="wk-reader-text" style={{ fontSize }} data-testid="reader-text-view">
      {pages.map((page, i) => {
        const q = layers[i]!;
        return (
          <section key={page} data-page={page} aria-label={`第 ${page} 页`}>
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
      })}
    </div>
  );
}
