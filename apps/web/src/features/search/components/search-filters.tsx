import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { CategoryNode } from '../../category/lib';
import {
  DATE_OPTIONS, EXT_OPTIONS, FEE_OPTIONS, activeFilterCount, sortOptionsFor, clearFilters, searchHref, withSearch,
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
  /** document categories for type 0, article categories for type 1 */
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
  const languageOptions = useMemo(() => [{ value: '', label: '全部语言' }, ...languages.map((l) => ({ value: l.code, label: l.label }))], [languages]);
  const active = activeFilterCount(state);
  const docs = state.type === 0;
  return (
    <div className="wk-sf">
      {docs && <FilterRow label="类型" options={EXT_OPTIONS} value={state.ext} href={(ext) => to({ ext })} />}
      {docs && <FilterRow label="费用" options={FEE_OPTIONS} value={state.fee} href={(fee) => to({ fee })} />}
      <FilterRow label="时间" options={DATE_OPTIONS} value={state.date} href={(date) => to({ date })} />
      <div className="wk-sf-row" role="group" aria-label="更多筛选">
        <span className="wk-sf-label">{docs ? '更多' : '分类'}</span>
        <div className="wk-sf-options wk-sf-selects">
          <TreeSelect<number>
            className="wk-sf-category"
            value={state.category ?? undefined}
            treeData={treeData}
            placeholder="全部分类"
            aria-label={docs ? '文档分类' : '文章分类'}
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll={treeData.length <= 12}
            popupMatchSelectWidth={false}
            notFoundContent="暂无分类"
            onChange={(v) => navigate(to({ category: typeof v === 'number' ? v : null }))}
          />
          {docs && languages.length > 1 && (
            <Select<string>
              className="wk-sf-language"
              value={state.language}
              options={languageOptions}
              aria-label="文档语言"
              popupMatchSelectWidth={false}
              onChange={(language) => navigate(to({ language }))}
            />
          )}
          {active > 0 && (
            <Link to={searchHref(clearFilters(state))} className="wk-sf-clear">
              清除筛选（{active}）
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/** 相关度 / 最新 / 下载最多 / 浏览最多 / 评分最高 (articles: 相关度 / 最新 / 浏览最多) */
export function SearchSortTabs({ state }: { state: SearchState }) {
  return (
    <nav className="wk-search-sort" aria-label="排序">
      {sortOptionsFor(state.type).map((o) => (
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
