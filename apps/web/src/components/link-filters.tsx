import { Link } from 'react-router-dom';
import './link-filters.css';

interface Option<T extends string> {
  value: T;
  label: string;
}

interface OptionLinksProps<T extends string> {
  options: readonly Option<T>[];
  value: T;
  href: (v: T) => string;
  /** replace the history entry instead of adding one */
  replace?: boolean;
}

/** Each option as a link to its URL; the current one is marked (is-active, aria-current). */
function OptionLinks<T extends string>({ options, value, href, replace }: OptionLinksProps<T>) {
  return options.map((o) => (
    <Link
      key={o.value || 'all'}
      to={href(o.value)}
      className={o.value === value ? 'is-active' : undefined}
      aria-current={o.value === value ? 'true' : undefined}
      replace={replace}
    >
      {o.label}
    </Link>
  ));
}

/**
 * One labelled row of filter options (类型 / 费用 / 时间 ...). Each option is a link to the filtered URL, so the
 * browser history and a shared link keep the filters. Used by the category lists and the search page.
 */
export function FilterRow<T extends string>({ label, ...links }: OptionLinksProps<T> & { label: string }) {
  return (
    <div className="wk-filter-row" role="group" aria-label={label}>
      <span className="wk-filter-label">{label}</span>
      <div className="wk-filter-options">
        <OptionLinks {...links} />
      </div>
    </div>
  );
}

/** Sort tabs (最新 / 最热 / ...) as links, the active one underlined. */
export function SortTabs<T extends string>({ className, ...links }: OptionLinksProps<T> & { className?: string }) {
  return (
    <nav className={className ? `wk-sort-tabs ${className}` : 'wk-sort-tabs'} aria-label="排序">
      <OptionLinks {...links} />
    </nav>
  );
}
