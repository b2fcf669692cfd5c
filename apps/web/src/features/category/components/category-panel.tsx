import { Empty } from 'antd';
import { Link } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts/enums';
import { useCategoryTree } from '../api';
import { articleCategoryHref, documentCategoryHref } from '../lib';

/** Hover card of the header's fixed entries: the category tree of one type, top level as headings. */
export function CategoryPanel({ type, onNavigate }: { type: number; onNavigate?: () => void }) {
  const { tree } = useCategoryTree(type);
  const href = type === CategoryType.Article ? articleCategoryHref : documentCategoryHref;
  if (tree.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分类" />;
  }
  return (
    <div className="wk-category-panel">
      {tree.map((top) => (
        <div key={top.id} className="wk-category-panel-group">
          <Link to={href(top.id)} className="wk-category-panel-title" onClick={onNavigate}>
            {top.title}
          </Link>
          {top.children.length > 0 && (
            <div className="wk-category-panel-children">
              {top.children.map((c) => (
                <Link key={c.id} to={href(c.id)} onClick={onNavigate}>
                  {c.title}
                </Link>
              ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
