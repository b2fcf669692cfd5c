import { Link, useLocation } from 'react-router-dom';
import { EXT_FILTERS, FEE_FILTERS, SORT_OPTIONS, filtersToSearch, withFilter, type DocumentFilters } from '../filters';

function FilterRow<T extends string>({ label, options, value, href }: { label: string; options: readonly { value: T; label: string }[]; value: T; href: (v: T) => string }) {
  return (
    <div className="wk-filter-row" role="group" aria-label={label}>
      <span className="wk-filter-label">{label}</span>
      <div className="wk-filter-options">
        {options.map((o) => (
          <Link key={o.value || 'all'} to={href(o.value)} className={o.value === value ? 'is-active' : undefined} aria-current={o.value === value ? 'true' : undefined} replace>
            {o.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** 类型 and 费用 filter rows; each option is a link, so the browser history and sharing keep the filters. */
export function DocumentFilterBar({ filters }: { filters: DocumentFilters }) {
  const { pathname } = useLocation();
  const to = (patch: Partial<DocumentFilters>) => `${pathname}${filtersToSearch(withFilter(filters, patch))}`;
  return (
    <div className="wk-filter-bar">
      <FilterRow label="类型" options={EXT_FILTERS} value={filters.ext} href={(ext) => to({ ext })} />
      <FilterRow label="费用" options={FEE_FILTERS} value={filters.fee} href={(fee) => to({ fee })} />
    </div>
  );
}

/** 最新 / 最热 / 下载最多 / 评分最高 */
export function DocumentSortTabs({ filters }: { filters: DocumentFilters }) {
  const { pathname } = useLocation();
  return (
    <nav className="wk-sort-tabs" aria-label="排序">
      {SORT_OPTIONS.map((o) => (
        <Link
          key={o.value}
          to={`${pathname}${filtersToSearch(withFilter(filters, { sort: o.value }))}`}
          className={o.value === filters.sort ? 'is-active' : undefined}
          aria-current={o.value === filters.sort ? 'true' : undefined}
          replace
        >
          {o.label}
        </Link>
      ))}
    </nav>
  );
}
