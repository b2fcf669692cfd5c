import type { CSSProperties } from 'react';
import { HtmlContent } from './html-content';

export interface AdSlotItem {
  id: number;
  position: string;
  content: string;
}

export interface AdSlotViewProps {
  /** advertisement position, e.g. `global_top` */
  position: string;
  /** every advertisement the page knows about; only those of `position` are shown */
  ads: readonly AdSlotItem[] | undefined;
  className?: string;
  style?: CSSProperties;
}

/** The advertisements of one position, as HTML. Renders nothing when there are none. */
export function AdSlotView({ position, ads, className, style }: AdSlotViewProps) {
  const items = (ads ?? []).filter((a) => a.position === position && a.content.trim() !== '');
  if (items.length === 0) return null;
  return (
    <div className={['wk-ad-slot', className].filter(Boolean).join(' ')} data-position={position} style={style}>
      {items.map((a) => (
        <HtmlContent key={a.id} className="wk-ad-item" html={a.content} executeScripts />
      ))}
    </div>
  );
}
