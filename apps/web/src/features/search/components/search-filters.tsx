import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { CategoryNode } from '../../category/lib';
import {
  DATE_OPTIONS, EXT_OPTIONS, FEE_OPTIONS, SORT_OPTIONS, activeFilterCount, clearFilters, searchHref, withSearch,
  type SearchState,
} from '../lib/search-params';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toTree = (nodes: readonly CategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.title, children: n.children.length ? toTree(n.children) : undefined }));

function FilterRow<T extends string>({ label, options, value, href }: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  href: (v: T) => string;
}) {
  return (
    <div className="wk-sf-row" role="group" aria-label={label}>
      <span className="wk-sf-label">{label}</span>
      <div className="wk-sf-options">
        {options.map((o) => (
          <Link
            key={o.value || 'all'}
            to={href(o.value)}
            className={o.value === value ? 'is-active' : undefined}
            aria-current={o.value === value ? 'true' : undefined}
          >
            {o.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

export interface SearchFiltersProps {
  state: SearchState;
  categories: readonly CategoryNode[];
  languages: readonly { code: string; label: string }[];
}

/**
 * 分类 / 类型 / 费用 / 语言 / 时间. Every option is a link to the filtered URL (history and sharing keep filters); the
 * category tree, being a picker, navigates on change.
 */
export function SearchFilters({ state, categories, languages }: SearchFiltersProps) {
  const navigate = useNavigate();
  const to = (patch: Partial<SearchState>) => searchHref(withSearch(state, patch));
  const treeData = useMemo(() => toTree(categories), [categories]);
  const languageOptions = useMemo(() => [{ value: '', label: '全部' }, ...languages.map((l) => ({ value: l.code, label: l.label }))], [languages]);
  const active = activeFilterCount(state);
  return (
    <div className="wk-sf">
      <div className="wk-sf-row" role="group" aria-label="分类">
        <span className="wk-sf-label">分类</span>
        <div className="wk-sf-options">
          <TreeSelect<number>
            className="wk-sf-category"
            value={state.category ?? undefined}
            treeData={treeData}
            placeholder="全部分类"
            aria-label="文档分类"
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll={treeData.length <= 12}
            popupMatchSelectWidth={false}
            notFoundContent="暂无分类"
            onChange={(v) => navigate(to({ category: typeof v === 'number' ? v : null }))}
          />
        </div>
      </div>
      <FilterRow label="类型" options={EXT_OPTIONS} value={state.ext} href={(ext) => to({ ext })} />
      <FilterRow label="费用" options={FEE_OPTIONS} value={state.fee} href={(fee) => to({ fee })} />
      {languages.length > 1 && <FilterRow label="语言" options={languageOptions} value={state.language} href={(language) => to({ language })} />}
      <FilterRow label="时间" options={DATE_OPTIONS} value={state.date} href={(date) => to({ date })} />
      {active > 0 && (
        <div className="wk-sf-clear">
          <Link to={searchHref(clearFilters(state))}>清除全部筛选（{active}）</Link>
        </div>
      )}
    </div>
  );
}

/** 相关度 / 最新 / 下载最多 / 浏览最多 / 评分最高 */
export function SearchSortTabs({ state }: { state: SearchState }) {
  return (
    <nav className="wk-search-sort" aria-label="排序">
      {SORT_OPTIONS.map((o) => (
        <Link
          key={o.value}
          to={searchHref(withSearch(state, { sort: o.value }))}
          className={o.value === state.sort ? 'is-active' : undefined}
          aria-current={o.value === state.sort ? 'true' : undefined}
        >
          {o.label}
        </Link>
      ))}
    </nav>
  );
}
