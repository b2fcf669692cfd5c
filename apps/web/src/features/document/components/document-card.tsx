import { useState } from 'react';
import { Tag } from 'antd';
import { DownloadOutlined, EyeOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { FileTypeIcon, FILE_TYPE_STYLE } from '@wenku/ui';
import { fileTypeOfExt, formatBytes } from '@wenku/contracts/format';
import type { TDocument } from '@wenku/contracts/schemas';
import { apiUrl } from '../../../lib/api';
import { documentHref } from '../lib/href';
import { keywordList } from '../lib/keywords';
import { useCreditName, useSettings } from '../../settings/api';
import '../document.css';

type CardDoc = Pick<TDocument, 'uuid' | 'title' | 'ext' | 'cover' | 'pages' | 'price'> & Partial<TDocument>;

/** The cover image when the server has one, else the file type's icon on a tinted page. */
function DocumentCover({ doc, className }: { doc: Pick<TDocument, 'cover' | 'ext' | 'title'>; className?: string }) {
  const [failed, setFailed] = useState(false);
  const type = fileTypeOfExt(doc.ext);
  const { color } = FILE_TYPE_STYLE[type];
  if (doc.cover && !failed) {
    return (
      <div className={['wk-doc-cover', className].filter(Boolean).join(' ')}>
        <img src={apiUrl(doc.cover)} alt={doc.title} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      </div>
    );
  }
  return (
    <div className={['wk-doc-cover', 'is-icon', className].filter(Boolean).join(' ')} style={{ background: `linear-gradient(160deg, ${color}10, ${color}26)` }}>
      <FileTypeIcon ext={doc.ext} size={44} />
    </div>
  );
}

/** 免费, or the price in the site's credit name. */
export function PriceTag({ price, creditName }: { price: number; creditName: string }) {
  return price > 0 ? (
    <span className="wk-doc-price is-paid">
      {price} {creditName}
    </span>
  ) : (
    <span className="wk-doc-price is-free">免费</span>
  );
}

/** The 浏览 and 下载 counts, each only where the settings show it; `words` adds the word after the number. */
export function DocumentCounts({ doc, words }: { doc: Partial<Pick<TDocument, 'view_count' | 'download_count'>>; words?: boolean }) {
  const { display } = useSettings();
  return (
    <>
      {display.show_document_view_count && doc.view_count !== undefined && (
        <span title="浏览">
          <EyeOutlined /> {doc.view_count}
          {words && ' 浏览'}
        </span>
      )}
      {display.show_document_download_count && doc.download_count !== undefined && (
        <span title="下载">
          <DownloadOutlined /> {doc.download_count}
          {words && ' 下载'}
        </span>
      )}
    </>
  );
}

/** A document as a card (home page "card" style). */
export function DocumentCard({ doc }: { doc: CardDoc }) {
  const creditName = useCreditName();
  return (
    <Link to={documentHref(doc)} className="wk-doc-card" title={doc.title}>
      <div className="wk-doc-card-cover">
        <DocumentCover doc={doc} />
        <span className="wk-doc-card-badge">
          <PriceTag price={doc.price} creditName={creditName} />
        </span>
      </div>
      <div className="wk-doc-card-body">
        <h3 className="wk-doc-card-title">
          <FileTypeIcon ext={doc.ext} size={16} />
          <span>{doc.title}</span>
        </h3>
        <div className="wk-doc-card-meta">
          <span>
            <FileTextOutlined /> {doc.pages || '-'} 页
          </span>
          {doc.size !== undefined && <span>{formatBytes(doc.size)}</span>}
          <DocumentCounts doc={doc} />
        </div>
      </div>
    </Link>
  );
}

/** A document as a row: cover, title, summary, meta (category lists, search). */
export function DocumentListItem({ doc }: { doc: TDocument }) {
  const { display } = useSettings();
  const creditName = useCreditName();
  const keywords = display.hide_keywords_on_lists ? [] : keywordList(doc.keywords, 5);
  return (
    <article className="wk-doc-item">
      <Link to={documentHref(doc)} className="wk-doc-item-cover" tabIndex={-1} aria-hidden="true">
        <DocumentCover doc={doc} />
      </Link>
      <div className="wk-doc-item-body">
        <h3 className="wk-doc-item-title">
          <FileTypeIcon ext={doc.ext} size={18} />
          <Link to={documentHref(doc)}>{doc.title}</Link>
        </h3>
        {display.show_document_descriptions && doc.description && <p className="wk-doc-item-desc">{doc.description}</p>}
        {keywords.length > 0 && (
          <div className="wk-doc-item-tags">
            {keywords.map((k) => (
              <Tag key={k} bordered={false}>
                {k}
              </Tag>
            ))}
          </div>
        )}
        <div className="wk-doc-item-meta">
          <span>{doc.pages || '-'} 页</span>
          <span>{formatBytes(doc.size)}</span>
          <span>{dayjs(doc.created_at).format('YYYY-MM-DD')}</span>
          <DocumentCounts doc={doc} />
          <PriceTag price={doc.price} creditName={creditName} />
        </div>
      </div>
    </article>
  );
}

/** A one-line document link (related documents, home "list" style). */
export function DocumentLine({ doc, extra }: { doc: Pick<TDocument, 'uuid' | 'title' | 'ext' | 'pages'> & Partial<TDocument>; extra?: 'pages' | 'none' }) {
  return (
    <Link to={documentHref(doc)} className="wk-doc-line" title={doc.title}>
      <FileTypeIcon ext={doc.ext} size={18} />
      <span className="wk-doc-line-title">{doc.title}</span>
      {extra !== 'none' && <span className="wk-doc-line-extra">{doc.pages || '-'} 页</span>}
    </Link>
  );
}
