import { useMemo, useState } from 'react';
import { Badge, Button, Drawer, Pagination, Skeleton } from 'antd';
import { LazyResult } from '../../../components/lazy-result';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts/enums';
import { useScreen } from '@wenku/ui';
import { Page } from '../../../app/shell/page';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';
import { useCategoryTree } from '../../category/api';
import { descendantIds } from '../../category/filters';
import { languageOptions } from '../../document/lib/languages';
import { useCreditName, useSettings } from '../../settings/api';
import { recommendWords } from '../lib/recommend-words';
import { errorMessage } from '../../../lib/api';
import { useArticleSearch, useDocumentSearch, useHotSearchWords } from '../api';
import {
  SEARCH_PAGE_SIZE,
  activeFilterCount,
  articleQueryOf,
  clearFilters,
  documentQueryOf,
  newSearch,
  pagerOf,
  searchHref,
  searchStateFrom,
  summaryText,
  withSearch,
  type SearchState,
  type SearchType,
} from '../lib/search-params';
import { SearchBox } from '../components/search-box';
import { SearchFilters, SearchSortTabs } from '../components/search-filters';
import { ArticleHitRow, DocumentHit } from '../components/search-hit';
import { HotWordsCard, SearchSuggestions } from '../components/search-suggestions';
import '../search.css';

const SEARCH_ADS = ['search_top', 'search_bottom', 'search_right'] as const;

function ResultsSkeleton() {
  return (
    <div className="wk-search-loading" aria-busy="true" aria-label="正在搜索">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} active avatar={{ shape: 'square', size: 40 }} title={{ width: '60%' }} paragraph={{ rows: 2 }} />
      ))}
    </div>
  );
}

function Pager({ state, total, maxPage }: { state: SearchState; total: number; maxPage: number }) {
  const navigate = useNavigate();
  const { isMobile } = useScreen();
  const pager = pagerOf(total, maxPage);
  if (pager.pages <= 1 && state.page <= 1) return null;
  return (
    <div className="wk-search-pager">
      <Pagination
        current={state.page}
        pageSize={SEARCH_PAGE_SIZE}
        total={Math.max(pager.total, (state.page - 1) * SEARCH_PAGE_SIZE + 1)}
        showSizeChanger={false}
        simple={isMobile}
        showLessItems={isMobile}
        onChange={(page) => navigate(searchHref(withSearch(state, { page })))}
      />
      {pager.capped && <p className="wk-search-pager-note">最多显示前 {maxPage} 页</p>}
    </div>
  );
}

function NoResults({ state, recommend, hot }: { state: SearchState; recommend: readonly string[]; hot: readonly string[] }) {
  const filtered = activeFilterCount(state) > 0;
  return (
    <div className="wk-search-empty">
      <LazyResult
        icon={<SearchOutlined className="wk-search-empty-icon" />}
        title={`没有找到与“${state.wd}”相关的${state.type === 1 ? '文章' : '文档'}`}
        subTitle={filtered ? '试试减少筛选条件，或换个关键词。' : '请检查输入是否正确，或换个更常见的关键词试试。'}
        extra={
          filtered ? (
            <Link to={searchHref(clearFilters(state))}>
              <Button>清除筛选条件</Button>
            </Link>
          ) : undefined
        }
      />
      <SearchSuggestions state={state} recommend={recommend} hot={hot} />
    </div>
  );
}

function DocumentResults({
  state,
  categoryIds,
  recommend,
  hot,
}: {
  state: SearchState;
  categoryIds: number[];
  recommend: readonly string[];
  hot: readonly string[];
}) {
  const creditName = useCreditName();
  const query = useMemo(() => documentQueryOf(state, categoryIds), [state, categoryIds]);
  const result = useDocumentSearch(query, state.wd !== '');
  if (result.isPending) return <ResultsSkeleton />;
  if (result.isError && !result.data) {
    return (
      <LazyResult
        status="warning"
        title="搜索失败"
        subTitle={errorMessage(result.error, '暂时无法完成搜索，请稍后重试。')}
        extra={<Button onClick={() => void result.refetch()}>重试</Button>}
      />
    );
  }
  const data = result.data;
  if (!data || data.document.length === 0) {
    if (data && data.total > 0 && state.page > 1) {
      // past the last page the server serves (max_page, or results that disappeared): offer the first page
      return (
        <LazyResult
          status="info"
          title={`第 ${state.page} 页没有更多结果`}
          extra={
            <Link to={searchHref(withSearch(state, { page: 1 }))}>
              <Button type="primary">回到第一页</Button>
            </Link>
          }
        />
      );
    }
    return <NoResults state={state} recommend={recommend} hot={hot} />;
  }
  return (
    <>
      <p className="wk-search-summary" role="status">
        {summaryText(data.total, data.spend)}
      </p>
      <div className={result.isPlaceholderData ? 'wk-search-list is-stale' : 'wk-search-list'}>
        {data.document.map((hit) => (
          <DocumentHit key={hit.id} hit={hit} creditName={creditName} />
        ))}
      </div>
      <Pager state={state} total={data.total} maxPage={data.max_page} />
    </>
  );
}

function ArticleResults({
  state,
  categoryIds,
  recommend,
  hot,
}: {
  state: SearchState;
  categoryIds: number[];
  recommend: readonly string[];
  hot: readonly string[];
}) {
  const query = useMemo(() => articleQueryOf(state, categoryIds), [state, categoryIds]);
  const result = useArticleSearch(query, state.wd !== '');
  if (result.isPending) return <ResultsSkeleton />;
  if (result.isError && !result.data) {
    return (
      <LazyResult
        status="warning"
        title="搜索失败"
        subTitle={errorMessage(result.error, '暂时无法完成搜索，请稍后重试。')}
        extra={<Button onClick={() => void result.refetch()}>重试</Button>}
      />
    );
  }
  const data = result.data;
  if (!data || data.hits.length === 0) return <NoResults state={state} recommend={recommend} hot={hot} />;
  return (
    <>
      <p className="wk-search-summary" role="status">
        {summaryText(data.total, data.spend)}
      </p>
      <div className={result.isPlaceholderData ? 'wk-search-list is-stale' : 'wk-search-list'}>
        {data.hits.map((hit) => (
          <ArticleHitRow key={hit.key} hit={hit} />
        ))}
      </div>
      <Pager state={state} total={data.total} maxPage={data.maxPage} />
    </>
  );
}

/** /search?wd={keyword}&type={0 document|1 article}, with filters, sort and page in the URL as well. */
export default function SearchPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => searchStateFrom(search), [search]);
  const { isMobile, isDesktop } = useScreen();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ads = usePositionAds(SEARCH_ADS).data;
  const settings = useSettings();
  const recommend = useMemo(() => recommendWords(settings.system.recommend_words), [settings.system.recommend_words]);
  const languages = useMemo(() => languageOptions(settings.language), [settings.language]);
  const hot = useHotSearchWords(10).data ?? [];
  const categories = useCategoryTree(state.type === 1 ? CategoryType.Article : CategoryType.Document);
  const categoryIds = useMemo(
    () => (state.category === null ? [] : categories.list.some((c) => c.id === state.category) ? descendantIds(categories.list, state.category) : []),
    [categories.list, state.category],
  );
  const isDocs = state.type === 0;
  const active = activeFilterCount(state);

  const go = (wd: string, type: SearchType) => navigate(searchHref(newSearch(state, wd, type)));
  const switchType = (type: SearchType) => navigate(state.wd ? searchHref(newSearch(state, state.wd, type)) : `/search?type=${type}`);

  const filters = <SearchFilters state={state} categories={categories.tree} languages={languages} />;

  let body;
  if (!state.wd) {
    body = (
      <div className="wk-search-welcome">
        <LazyResult
          icon={<SearchOutlined className="wk-search-empty-icon" />}
          title="输入关键词开始搜索"
          subTitle={`搜索全站${isDocs ? '文档的标题、关键词和正文' : '文章'}`}
        />
        <SearchSuggestions state={state} recommend={recommend} hot={hot} />
      </div>
    );
  } else if (isDocs) {
    body = <DocumentResults state={state} categoryIds={categoryIds} recommend={recommend} hot={hot} />;
  } else {
    body = <ArticleResults state={state} categoryIds={categoryIds} recommend={recommend} hot={hot} />;
  }

  const showTools = state.wd !== '';
  return (
    <Page title={state.wd ? `${state.wd} - 搜索` : '搜索'} className="wk-search-page">
      <SearchBox wd={state.wd} type={state.type} onSearch={go} onTypeChange={switchType} compact={isMobile} />
      <AdSlot position="search_top" ads={ads} className="wk-search-ad" />
      <div className="wk-search-layout">
        <div className="wk-search-main">
          {showTools && !isMobile && <div className="wk-card wk-search-filters">{filters}</div>}
          <div className="wk-card wk-search-results-card">
            {showTools && (
              <div className="wk-search-head">
                <SearchSortTabs state={state} />
                {isMobile && (
                  <Badge count={active} size="small" offset={[-4, 4]}>
                    <Button size="small" className="wk-search-filter-btn" icon={<FilterOutlined />} aria-label="筛选" onClick={() => setFiltersOpen(true)}>
                      <span className="wk-search-filter-text">筛选</span>
                    </Button>
                  </Badge>
                )}
              </div>
            )}
            <div className="wk-search-body">{body}</div>
          </div>
        </div>
        {isDesktop && (
          <aside className="wk-search-side">
            <AdSlot position="search_right" ads={ads} className="wk-search-ad" />
            <HotWordsCard words={hot} state={state} />
          </aside>
        )}
      </div>
      <AdSlot position="search_bottom" ads={ads} className="wk-search-ad" />
      {isMobile && showTools && (
        <Drawer
          title="筛选"
          placement="bottom"
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          size="85%"
          rootClassName="wk-search-drawer"
          styles={{ body: { paddingTop: 8 } }}
          footer={
            <div className="wk-search-drawer-footer">
              <Button
                disabled={active === 0}
                onClick={() => {
                  navigate(searchHref(clearFilters(state)));
                  setFiltersOpen(false);
                }}
              >
                重置
              </Button>
              <Button type="primary" onClick={() => setFiltersOpen(false)}>
                查看结果
              </Button>
            </div>
          }
        >
          {/* a filter link navigates: the drawer closes to show the results */}
          <div onClick={(e) => (e.target as HTMLElement).closest('a') && setFiltersOpen(false)}>{filters}</div>
        </Drawer>
      )}
    </Page>
  );
}
