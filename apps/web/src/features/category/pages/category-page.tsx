import { useMemo } from 'react';
import { Empty, Result } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts/enums';
import type { TCategory } from '@wenku/contracts/schemas';
import { Page } from '../../../app/shell/page';
import { NotFound } from '../../../app/not-found';
import { useSettings } from '../../settings/api';
import { useCategoryTree } from '../api';
import { categoryPath, documentCategoryHref } from '../lib';
import { descendantIds } from '../filters';
import { CategoryCards } from '../components/category-cards';
import { CategoryDocuments } from '../components/category-documents';
import { HotDocuments } from '../components/hot-documents';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';

const LIST_ADS = ['list_nav_bottom', 'list_document_top', 'list_document_bottom'] as const;

function CategoryDetail({ id, list }: { id: number; list: TCategory[] }) {
  const ads = usePositionAds(LIST_ADS).data;
  const { display } = useSettings();
  const path = categoryPath(list, id);
  const current = path[path.length - 1];
  const children = list.filter((c) => c.parent_id === id);
  const siblings = list.filter((c) => c.parent_id === current.parent_id);
  const chips = children.length > 0 ? children : siblings;
  const ids = useMemo(() => descendantIds(list, id), [list, id]);
  const parent = path.length > 1 ? path[path.length - 2] : undefined;
  return (
    <Page
      title={current.title}
      crumbs={[
        { title: '文库资料', to: '/category' },
        ...path.map((c, i) => ({ title: c.title, to: i < path.length - 1 ? documentCategoryHref(c.id) : undefined })),
      ]}
    >
      <div className="wk-card wk-category-head">
        <h1>
          {current.title}
          {display.show_document_count && <span className="wk-category-count">共 {current.doc_count.toLocaleString('zh-CN')} 篇文档</span>}
        </h1>
        {current.show_description && current.description && <p>{current.description}</p>}
        {chips.length > 0 && (
          <div className="wk-category-filter">
            <span className="wk-category-filter-label">{children.length > 0 ? '子分类：' : '同级分类：'}</span>
            {children.length === 0 && parent && <Link to={documentCategoryHref(parent.id)}>全部</Link>}
            {chips.map((c) => (
              <Link key={c.id} to={documentCategoryHref(c.id)} className={c.id === id ? 'is-active' : undefined}>
                {c.title}
              </Link>
            ))}
          </div>
        )}
      </div>
      <AdSlot position="list_nav_bottom" ads={ads} />
      <div className="wk-category-layout">
        <div>
          <CategoryDocuments categoryIds={ids} ads={ads} title={`${current.title}的文档`} />
        </div>
        <aside className="wk-category-side">
          <HotDocuments categoryIds={ids} title="本类热门" />
        </aside>
      </div>
    </Page>
  );
}

/** /category: every document category and all documents; /category/{id}: one category's documents. */
export default function CategoryPage() {
  const { id } = useParams();
  const { list, tree, isLoading, isError } = useCategoryTree(CategoryType.Document);
  const ads = usePositionAds(LIST_ADS).data;
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
    return <CategoryDetail key={n} id={n} list={list} />;
  }
  return (
    <Page title="文库资料" crumbs={[{ title: '文库资料' }]}>
      <div className="wk-section-head">
        <h2>全部文档分类</h2>
      </div>
      {tree.length > 0 || isLoading ? <CategoryCards tree={tree} /> : <Empty className="wk-card" description="暂无文档分类" />}
      <AdSlot position="list_nav_bottom" ads={ads} />
      <div className="wk-section-head wk-section-gap">
        <h2>全部文档</h2>
      </div>
      <div className="wk-category-layout">
        <div>
          <CategoryDocuments categoryIds={[]} ads={ads} title="全部文档" />
        </div>
        <aside className="wk-category-side">
          <HotDocuments categoryIds={[]} title="热门文档" />
        </aside>
      </div>
    </Page>
  );
}
