import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Rate, Skeleton, Tag, Tooltip } from 'antd';
import { LazyResult } from '../../../components/lazy-result';
import { WhenVisible } from '../../../components/when-visible';
import { CollapsibleText } from '../../../components/collapsible-text';
import { lazyWhenOpen } from '../../../lib/lazy-when-open';
import {
  CalendarOutlined,
  CloudDownloadOutlined,
  FileTextOutlined,
  HddOutlined,
  HeartFilled,
  HeartOutlined,
  StarOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Link, useNavigationType, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { CategoryType, type AdvertisementPosition } from '@wenku/contracts/enums';
import { formatBytes } from '@wenku/contracts/format';
import { FileTypeIcon, HtmlContent } from '@wenku/ui';
import { ApiError } from '../../../lib/api';
import { Page } from '../../../app/shell/page';
import { NotFound } from '../../../app/not-found';
import { useSession } from '../../../app/session';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';
import { useCategoryTree } from '../../category/api';
import { categoryPath, documentCategoryHref } from '../../category/lib';
import { useDocumentDetail, type DocumentDetail } from '../api';
import { useCreditName, useSettings } from '../../settings/api';
import { documentView, downloadLabel } from '../lib/status';
import { watermarkText } from '../lib/watermark';
import { keywordList } from '../lib/keywords';
import { useDocumentActions } from '../use-document-actions';
import { DocumentReader } from '../components/document-reader';
import { AuthorCard, RelatedDocuments } from '../components/document-side';
import { AskDocumentButton } from '../components/ask-document-button';
import { DocumentCounts, PriceTag } from '../components/document-card';
import '../document.css';

// Loaded when needed, not with the page (issue 16's first-load budget): the states other than a readable document,
// the report form (on its button) and the comments (when scrolled near; they bring antd's Form and Pagination).
const DocumentStatePanel = lazy(() => import('../components/document-status').then((m) => ({ default: m.DocumentStatePanel })));
const DocumentStatusBanner = lazy(() => import('../components/document-status').then((m) => ({ default: m.DocumentStatusBanner })));
const DocumentComments = lazy(() => import('../components/document-comments').then((m) => ({ default: m.DocumentComments })));
const ReportDialog = lazyWhenOpen(() => import('../components/report-dialog').then((m) => m.ReportDialog));

const DOCUMENT_ADS: AdvertisementPosition[] = ['document_top', 'document_between', 'document_bottom'];

/** Breadcrumbs: the deepest category path of the document. */
function useDocumentCrumbs(doc: DocumentDetail | undefined) {
  const { list } = useCategoryTree(CategoryType.Document);
  return useMemo(() => {
    if (!doc) return [];
    const paths = doc.category_id.map((id) => categoryPath(list, id)).sort((a, b) => b.length - a.length);
    const path = paths[0] ?? [];
    const crumbs = path.map((c) => ({ title: c.title, to: documentCategoryHref(c.id) }));
    if (!crumbs.length && doc.category[0]) crumbs.push({ title: doc.category[0].title, to: documentCategoryHref(doc.category[0].id) });
    return crumbs;
  }, [doc, list]);
}

function ScoreView({ score, count }: { score: number; count: number }) {
  if (count <= 0) return <span className="wk-doc-score is-empty">暂无评分</span>;
  const value = Math.round((score / 100) * 2) / 2;
  return (
    <span className="wk-doc-score" aria-label={`评分 ${(score / 100).toFixed(1)} 分`}>
      <Rate disabled allowHalf value={value} />
      <strong>{(score / 100).toFixed(1)}</strong>
      <small>（{count} 人评分）</small>
    </span>
  );
}

function DocumentHead({ doc, actions, onReport }: { doc: DocumentDetail; actions: ReturnType<typeof useDocumentActions>; onReport: () => void }) {
  const { display } = useSettings();
  const creditName = useCreditName();
  const keywords = keywordList(doc.keywords, 10);
  const summary = doc.description || (doc.content ?? '').slice(0, 300);
  const ready = documentView(doc.status) === 'ready';
  return (
    <header className="wk-card wk-doc-head">
      <h1 className="wk-doc-title">
        <FileTypeIcon ext={doc.ext} size={30} />
        <span>{doc.title}</span>
      </h1>
      <div className="wk-doc-meta">
        {(doc.pages > 0 || documentView(doc.status) === 'converting') && (
          <span>
            <FileTextOutlined /> {doc.pages > 0 ? `${doc.pages} 页` : '页数统计中'}
          </span>
        )}
        <span>
          <HddOutlined /> {formatBytes(doc.size)}
        </span>
        <DocumentCounts doc={doc} words />
        {display.show_document_favorite_count && (
          <span>
            <HeartOutlined /> {doc.favorite_count} 收藏
          </span>
        )}
        <span>
          <CalendarOutlined /> {dayjs(doc.created_at).format('YYYY-MM-DD')}
        </span>
        <span className="wk-doc-uploader">
          上传者 <Link to={`/user/${doc.user_id}`}>{doc.username || '匿名用户'}</Link>
        </span>
        <ScoreView score={doc.score} count={doc.score_count} />
      </div>
      {keywords.length > 0 && (
        <div className="wk-doc-keywords">
          {keywords.map((k) => (
            <Link key={k} to={`/search?wd=${encodeURIComponent(k)}&type=0`}>
              <Tag bordered={false} color="blue">
                {k}
              </Tag>
            </Link>
          ))}
        </div>
      )}
      {summary && <CollapsibleText className="wk-doc-desc" text={summary} rows={3} />}
      <div className="wk-doc-actions">
        <Button
          type="primary"
          size="large"
          icon={<CloudDownloadOutlined />}
          loading={actions.downloading}
          onClick={actions.requestDownload}
          disabled={!ready && doc.status !== 3}
        >
          {downloadLabel(doc.price, doc.can_download_free, creditName)}
        </Button>
        <Button
          size="large"
          icon={doc.is_favorite ? <HeartFilled style={{ color: '#f5222d' }} /> : <HeartOutlined />}
          loading={actions.favoriting}
          onClick={actions.toggleFavorite}
        >
          {doc.is_favorite ? '已收藏' : '收藏'}
        </Button>
        {ready && <AskDocumentButton doc={doc} loggedIn={actions.loggedIn} loginFirst={actions.loginFirst} />}
        <span className="wk-doc-rate">
          <span className="wk-doc-rate-label">
            <StarOutlined /> {doc.my_score > 0 ? '我的评分' : '评分'}
          </span>
          <Rate
            value={doc.my_score > 0 ? doc.my_score / 100 : 0}
            onChange={actions.rate}
            disabled={actions.scoring}
            tooltips={['很差', '较差', '一般', '推荐', '力荐']}
            aria-label="给文档评分"
          />
        </span>
        <Tooltip title="举报不良内容">
          <Button type="text" icon={<WarningOutlined />} onClick={onReport} className="wk-doc-report">
            举报
          </Button>
        </Tooltip>
        <span className="wk-doc-price-line">
          价格：
          <PriceTag price={doc.price} creditName={creditName} />
        </span>
      </div>
    </header>
  );
}

/** /document/{uuid}: the document, its reader, actions, comments and related documents. */
export default function DocumentPage() {
  const { id: uuid = '' } = useParams();
  const q = useDocumentDetail(uuid);
  const doc = q.data;
  const { system, display } = useSettings();
  const creditName = useCreditName();
  const user = useSession((st) => st.user);
  const isAdmin = useSession((st) => st.permissions.length > 0);
  const ads = usePositionAds(DOCUMENT_ADS).data;
  const actions = useDocumentActions(doc);
  const crumbs = useDocumentCrumbs(doc);
  const [reporting, setReporting] = useState(false);
  const navType = useNavigationType();
  const lastUuid = useRef(uuid);

  // from one document to another by a link: start at the top; back/forward keeps the browser's position
  useEffect(() => {
    if (lastUuid.current !== uuid && navType === 'PUSH') window.scrollTo(0, 0);
    lastUuid.current = uuid;
  }, [uuid, navType]);

  if (q.isError && !doc) {
    if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400)) return <NotFound />;
    return (
      <Page title="文档详情" crumbs={[{ title: '文库资料', to: '/category' }, { title: '文档详情' }]}>
        <LazyResult
          className="wk-card"
          status="warning"
          title="文档加载失败"
          subTitle="暂时无法获取文档信息，请稍后重试。"
          extra={<Button onClick={() => void q.refetch()}>重新加载</Button>}
        />
      </Page>
    );
  }
  if (!doc) {
    return (
      <Page title="文档详情" crumbs={[{ title: '文库资料', to: '/category' }, { title: '文档详情' }]}>
        <div className="wk-doc-layout">
          <div className="wk-doc-main">
            <div className="wk-card wk-doc-head">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
            <div className="wk-card wk-doc-skeleton-page" />
          </div>
          <aside className="wk-doc-side">
            <div className="wk-card wk-side-card">
              <Skeleton active avatar paragraph={{ rows: 2 }} />
            </div>
          </aside>
        </div>
      </Page>
    );
  }

  const view = documentView(doc.status);
  const privileged = isAdmin || (user !== null && user.id === doc.user_id);
  const shortTitle = doc.title.length > 28 ? `${doc.title.slice(0, 28)}…` : doc.title;
  const downloadButton = (
    <Button type="primary" size="large" icon={<CloudDownloadOutlined />} loading={actions.downloading} onClick={actions.requestDownload}>
      {downloadLabel(doc.price, doc.can_download_free, creditName)}
    </Button>
  );

  return (
    <Page title={doc.title} crumbs={[{ title: '文库资料', to: '/category' }, ...crumbs, { title: shortTitle }]} className="wk-doc-page">
      {privileged && (view === 'review' || view === 'rejected' || view === 'disabled') && (
        <Suspense fallback={null}>
          <DocumentStatusBanner view={view} convertError={doc.convert_error} />
        </Suspense>
      )}
      <div className="wk-doc-layout">
        <div className="wk-doc-main">
          <DocumentHead
            doc={doc}
            actions={actions}
            onReport={() => {
              if (!actions.loggedIn) return actions.loginFirst('请登录后举报');
              setReporting(true);
            }}
          />
          <AdSlot position="document_top" ads={ads} />
          {view === 'ready' && doc.page_urls.length > 0 ? (
            <DocumentReader doc={doc} pagesPerRead={display.pages_per_read} watermark={watermarkText(system)} ads={ads} downloadButton={downloadButton} />
          ) : (
            <Suspense fallback={<div className="wk-card wk-doc-state" aria-busy="true" />}>
              {view === 'ready' ? (
                <DocumentStatePanel view="failed" privileged={privileged} convertError="文档没有可预览的页面" />
              ) : (
                <DocumentStatePanel view={view} privileged={privileged} convertError={doc.convert_error} />
              )}
            </Suspense>
          )}
          {display.copyright_statement.trim() && <HtmlContent className="wk-doc-copyright" html={display.copyright_statement} />}
          <AdSlot position="document_bottom" ads={ads} />
          <WhenVisible
            placeholder={
              <section className="wk-card wk-comments" aria-busy="true">
                <h2>
                  文档评论 <small>{doc.comment_count}</small>
                </h2>
                <Skeleton active paragraph={{ rows: 2 }} />
              </section>
            }
          >
            <DocumentComments documentId={doc.id} count={doc.comment_count} />
          </WhenVisible>
        </div>
        <aside className="wk-doc-side">
          <AuthorCard doc={doc} />
          <RelatedDocuments id={doc.id} />
        </aside>
      </div>
      <ReportDialog documentId={doc.id} title={doc.title} open={reporting} onClose={() => setReporting(false)} />
    </Page>
  );
}
