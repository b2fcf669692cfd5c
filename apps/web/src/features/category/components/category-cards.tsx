import { Empty } from 'antd';
import { FolderOpenOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { documentCategoryHref, type CategoryNode } from '../lib';
import { useSettings } from '../../settings/api';

const PALETTE = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#eb2f96', '#52c41a', '#2f54eb', '#faad14'];
const MAX_CHILDREN = 8;

/** Document categories as cards, each linking to /category/{id}, with its sub-categories. */
export function CategoryCards({ tree }: { tree: CategoryNode[] }) {
  const { display } = useSettings();
  if (tree.length === 0) {
    return (
      <div className="wk-card">
        <Empty description="暂无文档分类" />
      </div>
    );
  }
  return (
    <div className="wk-category-grid">
      {tree.map((c, i) => {
        const color = PALETTE[i % PALETTE.length];
        return (
          <div key={c.id} className="wk-card wk-category-card">
            <Link to={documentCategoryHref(c.id)} className="wk-category-card-head">
              <span className="wk-category-icon" style={{ background: `${color}14`, color }}>
                {c.icon ? <img src={c.icon} alt="" /> : <FolderOpenOutlined />}
              </span>
              <span className="wk-category-card-title">
                <strong>{c.title}</strong>
                {display.show_document_count && <small>{c.doc_count} 篇文档</small>}
              </span>
              <RightOutlined className="wk-category-card-arrow" />
            </Link>
            {c.show_description && c.description && <p className="wk-category-card-desc">{c.description}</p>}
            {c.children.length > 0 && (
              <div className="wk-category-card-children">
                {c.children.slice(0, MAX_CHILDREN).map((s) => (
                  <Link key={s.id} to={documentCategoryHref(s.id)}>
                    {s.title}
                  </Link>
                ))}
                {c.children.length > MAX_CHILDREN && (
                  <Link to={documentCategoryHref(c.id)} className="wk-more">
                    更多
                  </Link>
                )}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
