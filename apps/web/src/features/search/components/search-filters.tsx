import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { FilterRow, SortTabs } from '../../../components/link-filters';
import type { CategoryNode } from '../../category/lib';
import type { LanguageOption } from '../../document/lib/languages';
import { EXT_OPTIONS, FEE_OPTIONS } from '../../document/lib/filter-options';
import { DATE_OPTIONS, activeFilterCount, sortOptionsFor, clearFilters, searchHref, withSearch, type SearchState } from '../lib/search-params';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toTree = (nodes: readonly CategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.title, children: n.children.length ? toTree(n.children) : undefined }));

export interface SearchFiltersProps {
  state: SearchState;
  /** document categories for type 0, article categories for type 1 */
  categories: readonly CategoryNode[];
  languages: readonly LanguageOption[];
}

/**
 * 分类 / 类型 / 费用 / 语言 / 时间. Every option is a link to the filtered URL (history and sharing keep filters); the
 * category tree, being a picker, navigates on change.
 */
export function SearchFilters({ state, categories, languages }: SearchFiltersProps) {
  const navigate = useNavigate();
  const to = (patch: Partial<SearchState>) => searchHref(withSearch(state, patch));
  const treeData = useMemo(() => toTree(categories), [categories]);
  const languageOptions = useMemo(() => [{ value: '', label: '全部语言' }, ...languages], [languages]);
  const active = activeFilterCount(state);
  const docs = state.type === 0;
  return (
    <div className="wk-sf">
      {docs && <FilterRow label="类型" options={EXT_OPTIONS} value={state.ext} href={(ext) => to({ ext })} />}
      {docs && <FilterRow label="费用" options={FEE_OPTIONS} value={state.fee} href={(fee) => to({ fee })} />}
      <FilterRow label="时间" options={DATE_OPTIONS} value={state.date} href={(date) => to({ date })} />
      <div className="wk-filter-row" role="group" aria-label="更多筛选">
        <span className="wk-filter-label">{docs ? '更多' : '分类'}</span>
        <div className="wk-filter-options wk-sf-selects">
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
    <SortTabs className="wk-search-sort" options={sortOptionsFor(state.type)} value={state.sort} href={(sort) => searchHref(withSearch(state, { sort }))} />
  );
}
