import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { boxStyle, fontSizeCqw, type Box } from '../lib/text-layer';
import { usePageLayer } from './use-page-layer';

export interface ReaderTextLayerProps {
  uuid: string;
  page: number;
  /** the layers' version (GET /document/reader's text_key) */
  textKey: string;
  /** whether this reader may select and copy (display.copy_text); otherwise the layer only carries highlights */
  canCopy: boolean;
  /** find hits on this page, in page points */
  hits?: readonly Box[];
  /** this page holds the current hit */
  current?: boolean;
}

/**
 * A page's words over its image, invisible but selectable where they are drawn (as PDF.js does): each run placed in
 * percentages of the page, its font sized in the page's width (cqw), then stretched to its box's width once measured.
 * Find hits are drawn on the same page coordinates. Loaded with the first page that needs it, not with the reader.
 */
export default function ReaderTextLayer({ uuid, page, textKey, canCopy, hits, current }: ReaderTextLayerProps) {
  const layer = usePageLayer(uuid, page, textKey);
  const ref = useRef<HTMLDivElement>(null);
  const [scales, setScales] = useState<number[]>([]);
  const data = layer.data;

  // each run's natural width against its box: the ratio holds at every zoom, since both follow the page's width
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !data) return;
    const frame = root.getBoundingClientRect();
    if (!(frame.width > 0 && frame.height > 0)) return;
    const spans = root.querySelectorAll<HTMLElement>('.wk-text-run');
    const next = data.spans.map((s, i) => {
      const r = spans[i]?.getBoundingClientRect();
      const natural = r ? (s.v ? r.height : r.width) : 0;
      const target = s.v ? (s.h / data.height) * frame.height : (s.w / data.width) * frame.width;
      return natural > 0 && target > 0 ? target / natural : 1;
    });
    setScales(next);
  }, [data]);

  // the current find hit: brought to the middle of the screen once drawn
  useEffect(() => {
    if (current && hits?.length && data) ref.current?.querySelector<HTMLElement>('.wk-find-hit')?.scrollIntoView?.({ block: 'center' });
  }, [current, hits, data]);

  if (!data) return null;
  return (
    <div
      ref={ref}
      className={`wk-text-layer${canCopy ? '' : ' is-locked'}`}
      data-testid={`text-layer-${page}`}
      onCopy={canCopy ? undefined : (e) => e.preventDefault()}
      onContextMenu={canCopy ? undefined : (e) => e.preventDefault()}
    >
      {data.spans.map((s, i) => {
        const box = boxStyle(s, data.width, data.height);
        const k = scales[i];
        return (
          <span
            key={i}
            className="wk-text-run"
            style={{
              left: box.left,
              top: box.top,
              fontSize: `${fontSizeCqw(s.v ? s.w : s.h, data.width)}cqw`,
              writingMode: s.v ? 'vertical-rl' : undefined,
              transform: k && k !== 1 ? (s.v ? `scaleY(${k})` : `scaleX(${k})`) : undefined,
            }}
          >
            {s.text}
            {s.br ? <br /> : null}
          </span>
        );
      })}
      {hits?.map((b, i) => (
        <mark key={`h${i}`} className={`wk-find-hit${current ? ' is-current' : ''}`} style={boxStyle(b, data.width, data.height)} aria-hidden="true" />
      ))}
    </div>
  );
}
