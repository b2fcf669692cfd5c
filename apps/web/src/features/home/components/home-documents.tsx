import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { ClockCircleOutlined, FolderOpenOutlined, LikeOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TDocument } from '@wenku/contracts/schemas';
import { useHomeDocuments } from '../../document/api';
import { DocumentCard, DocumentLine } from '../../document/components/document-card';
import { useSettings } from '../../settings/api';
import { documentCategoryHref } from '../../category/lib';
import { HomeSection } from './home-section';
import '../home.css';
import { HOME_DOCUMENTS_QUERY } from '@wenku/contracts/constants';

const CARDS_PER_BLOCK = 6;
const LINES_PER_BLOCK = 8;

function CardSection({ icon, title, more, docs }: { icon: ReactNode; title: string; more?: { to: string; label: string }; docs: TDocument[] }) {
  const link = more && (
    <Link to={more.to}>
      {more.label} <RightOutlined />
    </Link>
  );
  return (
    <HomeSection icon={icon} title={title} more={link}>
      <div className="wk-doc-grid">
        {docs.slice(0, CARDS_PER_BLOCK).map((d) => (
          <DocumentCard key={d.id} doc={d} />
        ))}
      </div>
    </HomeSection>
  );
}

function ListBox({ icon, title, more, docs }: { icon: ReactNode; title: string; more?: string; docs: TDocument[] }) {
  return (
    <section className="wk-card wk-home-doc-box">
      <header>
        <h3>
          {icon} {title}
        </h3>
        {more && (
          <Link to={more} aria-label={`更多${title}`}>
            更多 <RightOutlined />
          </Link>
        )}
      </header>
      <div className="wk-home-doc-lines">
        {docs.slice(0, LINES_PER_BLOCK).map((d) => (
          <DocumentLine key={d.id} doc={d} />
        ))}
      </div>
    </section>
  );
}

/** GET /document/home as the home page's document blocks, in the style of display.index_document_style. */
export function HomeDocuments() {
  const style = useSettings().display.index_document_style;
  const q = useHomeDocuments(HOME_DOCUMENTS_QUERY.limit);
  if (q.isPending) {
    return (
      <section className="wk-section">
        <Skeleton active title={{ width: 160 }} paragraph={{ rows: 4 }} />
      </section>
    );
  }
  if (!q.data) return null;
  const { recommend, latest, document: blocks } = q.data;
  const categories = blocks.filter((b) => b.document.length > 0);
  if (!recommend.length && !latest.length && !categories.length) return null;

  if (style === 'list') {
    return (
      <div className="wk-home-doc-boxes">
        {recommend.length > 0 && <ListBox icon={<LikeOutlined />} title="推荐文档" docs={recommend} />}
        {latest.length > 0 && <ListBox icon={<ClockCircleOutlined />} title="最新文档" more="/category" docs={latest} />}
        {categories.map((b) => (
          <ListBox key={b.category_id} icon={<FolderOpenOutlined />} title={b.category_name} more={documentCategoryHref(b.category_id)} docs={b.document} />
        ))}
      </div>
    );
  }
  return (
    <>
      {recommend.length > 0 && <CardSection icon={<LikeOutlined />} title="推荐文档" docs={recommend} />}
      {latest.length > 0 && <CardSection icon={<ClockCircleOutlined />} title="最新文档" more={{ to: '/category', label: '更多文档' }} docs={latest} />}
      {categories.map((b) => (
        <CardSection
          key={b.category_id}
          icon={<FolderOpenOutlined />}
          title={b.category_name}
          more={{ to: documentCategoryHref(b.category_id), label: '查看更多' }}
          docs={b.document}
        />
      ))}
    </>
  );
}
