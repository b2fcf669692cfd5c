import { useLayoutEffect, useRef, useState } from 'react';
import './collapsible-text.css';

/**
 * A block of text cut to `rows` lines with 展开 / 收起 when it is longer (CSS line clamp, measured after layout):
 * what antd's Typography ellipsis does, without its 12 KB of code on the pages that need only this.
 */
export function CollapsibleText({ text, rows = 3, className }: { text: string; rows?: number; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [text, open]);
  return (
    <div className={['wk-collapsible', className].filter(Boolean).join(' ')}>
      <div ref={ref} className="wk-collapsible-text" style={open ? undefined : { WebkitLineClamp: rows }} data-open={open || undefined}>
        {text}
      </div>
      {(overflows || open) && (
        <button type="button" className="wk-collapsible-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? '收起' : '展开'}
        </button>
      )}
    </div>
  );
}
