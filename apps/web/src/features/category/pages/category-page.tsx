import { Empty, Result } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { CategoryType, type TCategory } from '@wenku/contracts';
import { Page, PlaceholderCard } from '../../../app/shell/page';
import { NotFound } from '../../../app/not-found';
import { useCategoryTree } from '../api';
import { categoryPath, documentCategoryHref } from '../lib';
import { CategoryCards } from '../components/category-cards';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';

function CategoryDetail({ id, list }: { id: number; list: TCategory[] }) {
  const ads = usePositionAds(['list_nav_bottom', 'list_document_top', 'list_document_bottom']).data;
  const path = categoryPath(list, id);
  const current = path[path.length - 1];
  const children = list.filter((c) => c.parent_id === id);
  const siblings = current ? list.filter((c) => c.parent_id === current.parent_id) : [];
  return (
    <Page
      title={current.title}
      crumbs={[{ title: '文库资料', to: '/category' }, ...path.map((c, i) => ({ title: c.title, to: i < path.length - 1 ? documentCategoryHref(c.id) : undefined }))]}
    >
      <div className="wk-card wk-category-head">
        <h1>{current.title}</h1>
        {current.show_description && current.description && <p>{current.description}</p>}
        {(children.length > 0 ? children : siblings).length > 0 && (
          <div className="wk-category-filter">
            <span className="wk-category-filter-label">{children.length > 0 ? '子分类：' : '同级分类：'}</span>
            {(children.length > 0 ? children : siblings).map((c) => (
              <Link key={c.id} to={documentCategoryHref(c.id)} className={c.id === id ? 'is-active' : undefined}>
                {c.title}
              </Link>
            ))}
          </div>
        )}
      </div>
      <AdSlot position="list_nav_bottom" ads={ads} />
      <AdSlot position="list_document_top" ads={ads} />
      <PlaceholderCard title="文档列表即将上线" description={`「${current.title}」分类下的文档浏览、筛选与排序正在建设中。`} />
      <AdSlot position="list_document_bottom" ads={ads} />
    </Page>
  );
}

/** /category: every document category; /category/{id}: one category. */
export default function CategoryPage() {
  const { id } = useParams();
  const { list, tree, isLoading, isError } = useCategoryTree(CategoryType.Document);
  if (isError) {
    return (
      <Page title="文库资料" crumbs={[{ title: '文库资料' }]}>
        <Result status="warning" className="wk-card" title="分类加载失败" subTitle="暂时无法获取文档分类，请稍后刷新重试。" />
      </Page>
    );
  }
  if (id !== undefined) {
    const n = Number(id);
    if (!list.some((c) => c.id === n)) {
      if (isLoading) return <Page title="文库资料">{null}</Page>;
      return <NotFound />;
    }
    return <CategoryDetail id={n} list={list} />;
  }
  return (
    <Page title="文库资料" crumbs={[{ title: '文库资料' }]}>
      <div className="wk-section-head">
        <h2>全部文档分类</h2>
      </div>
      {tree.length > 0 || isLoading ? <CategoryCards tree={tree} /> : <Empty className="wk-card" description="暂无文档分类" />}
    </Page>
  );
}
