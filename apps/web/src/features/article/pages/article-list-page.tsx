import { useMemo } from 'react';
import { Segmented } from 'antd';
import { FireOutlined, LikeOutlined, ReadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts/enums';
import { Page } from '../../../app/shell/page';
import { useCategoryTree } from '../../category/api';
import { articleCategoryHref } from '../../category/lib';
import { useArticleList, type ListArticlesQuery } from '../api';
import { ArticleList } from '../components/article-list';
import { articleHref } from '../lib/href';
import '../article.css';
import { ARTICLE_FIRST_PAGE_QUERY } from '@wenku/contracts/constants';

const SORTS = [
  { value: 'latest', label: '最新' },
  { value: 'popular', label: '热门' },
  { value: 'views', label: '最多浏览' },
  { value: 'recommend', label: '推荐' },
] as const;
type Sort = (typeof SORTS)[number]['value'];
/** the first page's query is the one the API warms (ARTICLE_FIRST_PAGE_QUERY) */
const SIZE = ARTICLE_FIRST_PAGE_QUERY.size;

/** /article and /article?category_id={id}: articles with category tabs and sorts (no footer: see the article layout). */
export default function ArticleListPage() {
  const [params, setParams] = useSearchParams();
  const categoryId = Number(params.get('category_id')) || 0;
  const sort = (SORTS.some((s) => s.value === params.get('sort')) ? params.get('sort') : 'latest') as Sort;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { list } = useCategoryTree(CategoryType.Article);
  const current = list.find((c) => c.id === categoryId);
  const titles = useMemo(() => new Map(list.map((c) => [c.id, c.title])), [list]);
  const query: ListArticlesQuery = { page, size: SIZE, sort, ...(categoryId ? { category_id: [categoryId] } : {}) };
  const q = useArticleList(query);
  const recommended = useArticleList({ page: 1, size: 8, is_recommend: [true], sort: 'recommend' });
  const hot = useArticleList({ page: 1, size: 8, sort: 'views' });
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next);
  };
  return (
    <Page
      title={current ? current.title : '文章资讯'}
      crumbs={[{ title: '文章资讯', to: current ? '/article' : undefined }, ...(current ? [{ title: current.title }] : [])]}
      className="wk-article-page-list"
    >
      <div className="wk-article-layout">
        <div className="wk-article-main">
          <div className="wk-card wk-article-tabs">
            <Link to="/article" className={!current ? 'is-active' : undefined}>
              全部
            </Link>
            {list
              .filter((c) => c.parent_id === 0)
              .map((c) => (
                <Link key={c.id} to={articleCategoryHref(c.id)} className={c.id === categoryId ? 'is-active' : undefined}>
                  {c.title}
                </Link>
              ))}
          </div>
          <div className="wk-card wk-article-list-card">
            <div className="wk-article-list-head">
              <h1>
                <ReadOutlined /> {current ? current.title : '全部文章'}
                {q.data && <small>{q.data.total} 篇</small>}
              </h1>
              <Segmented<Sort> value={sort} options={[...SORTS]} onChange={(v) => set({ sort: v === 'latest' ? undefined : v, page: undefined })} />
            </div>
            {current?.description && <p className="wk-article-cat-desc">{current.description}</p>}
            <ArticleList
              query={q}
              page={page}
              size={SIZE}
              onPage={(p) => set({ page: String(p) })}
              categoryTitle={(id) => titles.get(id)}
              empty={current ? '这个分类下还没有文章' : '还没有文章，来写第一篇吧'}
            />
          </div>
        </div>
        <aside className="wk-article-side">
          <div className="wk-card wk-article-side-card">
            <Link to="/post" className="wk-article-write">
              写文章
            </Link>
          </div>
          <SideList title="推荐文章" icon={<LikeOutlined />} items={recommended.data?.article} />
          <SideList title="热门文章" icon={<FireOutlined />} items={hot.data?.article} />
        </aside>
      </div>
    </Page>
  );
}

function SideList({
  title,
  icon,
  items,
}: {
  title: string;
  icon: React.ReactNode;
  items: { id: number; identifier: string; title: string; view_count: number }[] | undefined;
}) {
  if (!items?.length) return null;
  return (
    <div className="wk-card wk-article-side-card">
      <h3>
        {icon} {title}
      </h3>
      <ol className="wk-article-side-list">
        {items.map((a, i) => (
          <li key={a.id}>
            <span className={`wk-rank wk-rank-${i + 1}`}>{i + 1}</span>
            <Link to={articleHref(a)} title={a.title}>
              {a.title}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
