import { Link, useSearchParams } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts';
import { Page, PlaceholderCard } from '../../../app/shell/page';
import { useCategoryTree } from '../../category/api';
import { articleCategoryHref } from '../../category/lib';

/** /article and /article?category_id={id} (no footer: see the article layout). */
export default function ArticleListPage() {
  const [params] = useSearchParams();
  const categoryId = Number(params.get('category_id')) || 0;
  const { list } = useCategoryTree(CategoryType.Article);
  const current = list.find((c) => c.id === categoryId);
  return (
    <Page title={current ? current.title : '文章资讯'} crumbs={[{ title: '文章资讯', to: current ? '/article' : undefined }, ...(current ? [{ title: current.title }] : [])]}>
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
      <PlaceholderCard title="文章列表即将上线" description="文章浏览、推荐与分类筛选正在建设中，敬请期待。" />
    </Page>
  );
}
