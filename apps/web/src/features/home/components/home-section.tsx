import type { ReactNode } from 'react';

/** A block of the home page: icon and title, an optional link on the right, then its content. */
export function HomeSection({ icon, title, more, children }: { icon: ReactNode; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section className="wk-section">
      <div className="wk-section-head">
        <h2>
          {icon} {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}
