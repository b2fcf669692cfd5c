import { useLocation } from 'react-router-dom';
import { FilterRow, SortTabs } from '../../../components/link-filters';
import { EXT_OPTIONS, FEE_OPTIONS } from '../../document/lib/filter-options';
import { SORT_OPTIONS, filtersToSearch, withFilter, type DocumentFilters } from '../filters';

/** 类型 and 费用 filter rows; each option is a link, so the browser history and sharing keep the filters. */
export function DocumentFilterBar({ filters }: { filters: DocumentFilters }) {
  const { pathname } = useLocation();
  const to = (patch: Partial<DocumentFilters>) => `${pathname}${filtersToSearch(withFilter(filters, patch))}`;
  return (
    <div className="wk-filter-bar">
      <FilterRow label="类型" options={EXT_OPTIONS} value={filters.ext} href={(ext) => to({ ext })} replace />
      <FilterRow label="费用" options={FEE_OPTIONS} value={filters.fee} href={(fee) => to({ fee })} replace />
    </div>
  );
}

/** 最新 / 最热 / 下载最多 / 评分最高 */
export function DocumentSortTabs({ filters }: { filters: DocumentFilters }) {
  const { pathname } = useLocation();
  return <SortTabs options={SORT_OPTIONS} value={filters.sort} href={(sort) => `${pathname}${filtersToSearch(withFilter(filters, { sort }))}`} replace />;
}
