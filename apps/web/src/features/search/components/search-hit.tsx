import { EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { FileTypeIcon } from '@wenku/ui';
import { escapeHtml, formatBytes, relativeTime } from '@wenku/contracts/format';
import type { RouteResponse } from '@wenku/contracts/paths';
import type { api } from '@wenku/contracts/schemas';
import { DocumentCounts, PriceTag } from '../../document/components/document-card';
import { documentHref } from '../../document/lib/href';
import { highlightText, sanitizeHighlight } from '../lib/highlight';
import type { ArticleHit } from '../lib/article-hits';

/** Server highlight (escaped text + <em>) through the allow-list, as HTML. */
export function Highlighted({ html, as: Tag = 'span', className }: { html: string; as?: 'span' | 'p'; className?: string }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: sanitizeHighlight(html) }} />;
}

export type SearchHit = RouteResponse<typeof api.searchDocuments>['document'][number];

export interface DocumentHitProps {
  hit: SearchHit;
  creditName: string;
}

/** One document result: type icon, highlighted title and snippet, then pages · size · price · uploader · date. */
export function DocumentHit({ hit, creditName }: DocumentHitProps) {
  const href = documentHref(hit);
  const title = highlightText(hit.highlight_title) || hit.title;
  const snippetHtml = hit.highlight_snippet || escapeHtml(hit.description);
  return (
    <article className="wk-search-hit">
      <Link to={href} className="wk-search-hit-icon" tabIndex={-1} aria-hidden="true">
        <FileTypeIcon ext={hit.ext} size={40} />
      </Link>
      <div className="wk-search-hit-body">
        <h3 className="wk-search-hit-title">
          <Link to={href} title={title}>
            <Highlighted html={hit.highlight_title || escapeHtml(hit.title)} />
          </Link>
        </h3>
        {snippetHtml && <Highlighted as="p" className="wk-search-hit-snippet" html={snippetHtml} />}
        <div className="wk-search-hit-meta">
          <span>{hit.pages > 0 ? `${hit.pages} 页` : '- 页'}</span>
          <span>{formatBytes(hit.size)}</span>
          <PriceTag price={hit.price} creditName={creditName} />
          <DocumentCounts doc={hit} />
          {hit.username && (
            <Link to={`/user/${hit.user_id}`} className="wk-search-hit-user">
              {hit.username}
            </Link>
          )}
          <time dateTime={hit.created_at} title={new Date(hit.created_at).toLocaleString('zh-CN')}>
            {relativeTime(hit.created_at)}
          </time>
        </div>
      </div>
    </article>
  );
}

/** One article result. */
export function ArticleHitRow({ hit }: { hit: ArticleHit }) {
  return (
    <article className="wk-search-hit">
      <div className="wk-search-hit-body">
        <h3 className="wk-search-hit-title">
          <Link to={hit.href}>
            <Highlighted html={hit.titleHtml} />
          </Link>
        </h3>
        {hit.snippetHtml && <Highlighted as="p" className="wk-search-hit-snippet" html={hit.snippetHtml} />}
        <div className="wk-search-hit-meta">
          {hit.viewCount !== null && (
            <span title="浏览">
              <EyeOutlined /> {hit.viewCount}
            </span>
          )}
          {hit.username && hit.userId > 0 && (
            <Link to={`/user/${hit.userId}`} className="wk-search-hit-user">
              {hit.username}
            </Link>
          )}
          {hit.createdAt && <time dateTime={hit.createdAt}>{relativeTime(hit.createdAt)}</time>}
        </div>
      </div>
    </article>
  );
}
