import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../app/title';
import { ME_SECTIONS } from '../me-menu';
import '../me.css';

/** A section of the personal centre: a card with the section's icon and name, an optional action on the right. */
export function MeSection({
  path,
  title,
  extra,
  children,
  className,
}: {
  path: string;
  title?: string;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const section = ME_SECTIONS.find((s) => s.path === path);
  const label = title ?? section?.label ?? '';
  useDocumentTitle(label);
  return (
    <div className={['wk-card', 'wk-me-card', className].filter(Boolean).join(' ')}>
      <div className="wk-me-section-head">
        <h2 className="wk-me-section-title">
          {section?.icon} {label}
        </h2>
        {extra && <div className="wk-me-section-extra">{extra}</div>}
      </div>
      {children}
    </div>
  );
}

/** A titled block inside a section. */
export function MeBlock({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="wk-me-block">
      <div className="wk-me-block-head">
        <h3>{title}</h3>
        {extra}
      </div>
      {children}
    </div>
  );
}
