import { Fragment, lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { App, Button, Tooltip } from 'antd';
import {
  CloseOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  UnorderedListOutlined,
  FullscreenOutlined,
  LinkOutlined,
  LockOutlined,
  SearchOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { TAdvertisement } from '@wenku/contracts/schemas';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { api, apiClient, apiUrl } from '../../../lib/api';
import { useSession } from '../../../app/session';
import { AdSlot } from '../../advertisement/components/ad-slot';
import {
  currentPage,
  initialShown,
  nextShown,
  pageRatio,
  previewCount,
  readerState,
  shownPages,
  zoomIn,
  zoomOut,
  ZOOM_MAX,
  ZOOM_MIN,
  INITIAL_PAGES,
} from '../lib/reader';
import { watermarkTile } from '../lib/watermark';
import { pageLink, parsePageBox, readLocalProgress, writeLocalProgress, TEXT_SIZE_DEFAULT, TEXT_SIZE_MAX, TEXT_SIZE_MIN, type Box } from '../lib/text-layer';
import type { DocumentDetail } from '../api';
import type { FindState } from './reader-find';

// Loaded when used, not with the page (the first-load budget): the pages' text layers, and the find bar
const ReaderTextLayer = lazy(() => import('./reader-text-layer'));
const ReaderFind = lazy(() => import('./reader-find'));
const ReaderSide = lazy(() => import('./reader-side'));
const ReaderTextView = lazy(() => import('./reader-text-view'));

/** Whether the screen is a phone's (under 768 px): the 文字版 switch is offered there. */
function useNarrow() {
  const query = '(max-width: 767.98px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches));
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const sync = () => setNarrow(mq.matches);
    mq.addEventListener?.('change', sync);
    return () => mq.removeEventListener?.('change', sync);
  }, []);
  return narrow;
}

/** How long after the last page change the reading position is saved. */
const SAVE_PROGRESS_MS = 1500;

export interface DocumentReaderProps {
  doc: DocumentDetail;
  pagesPerRead: number;
  /** watermark text when the watermark setting is on */
  watermark?: string;
  ads?: readonly TAdvertisement[];
  /** the download button shown after the last preview page */
  downloadButton: ReactNode;
}

/** How long the page a link points to (?page=N) stays outlined; the outline fades out over the last part. */
const TARGET_FLASH_MS = 3200;

function useFullscreen(ref: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [ref]);
  const supported = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen?.().catch(() => undefined);
  }, [ref]);
  return { on, toggle, supported };
}

/**
 * The sticky head's height (toolbar, find bar, limit message) as --wk-reader-head-h on the reader, so a page scrolled
 * to lands below whatever the head holds at the time.
 */
function useHeadHeight(root: React.RefObject<HTMLElement | null>, head: React.RefObject<HTMLElement | null>) {
  // a layout effect, measured at once: the scrolls to a page (effects) come after it in the same commit
  useLayoutEffect(() => {
    const r = root.current;
    const h = head.current;
    if (!r || !h) return;
    const measure = () => r.style.setProperty('--wk-reader-head-h', `${Math.ceil(h.getBoundingClientRect().height)}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(h);
    return () => ro.disconnect();
  }, [root, head]);
}

/** 第 x / N 页 from the pages crossing the middle band of the viewport. */
function usePageIndicator(container: React.RefObject<HTMLElement | null>, shown: number) {
  const [page, setPage] = useState(1);
  const ratios = useRef(new Map<number, number>());
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = Number((e.target as HTMLElement).dataset.page);
          if (e.isIntersecting) ratios.current.set(n, e.intersectionRatio);
          else ratios.current.delete(n);
        }
        setPage((prev) => currentPage(ratios.current, prev));
      },
      { rootMargin: '-35% 0px -35% 0px', threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    );
    root.querySelectorAll<HTMLElement>('[data-page]').forEach((el) => io.observe(el));
    return () => io.disconnect();
  }, [container, shown]);
  return page;
}

/**
 * The online reader: page images (lazy, height reserved from the first page's ratio), the first two pages, then
 * 继续阅读 adds display.pages_per_read pages up to the preview; after the preview, 剩余 N 页 and the download button.
 * Zoom 50–200 %, full screen, a page indicator, an optional watermark over the pages.
 */
export function DocumentReader({ doc, pagesPerRead, watermark, ads, downloadButton }: DocumentReaderProps) {
  const preview = previewCount(doc.page_urls.length, doc.preview);
  // ?page=N (a chat answer's reference): show the pages up to N and scroll to it; past the readable pages, the
  // last readable one, and the reader says why
  const [params] = useSearchParams();
  const asked = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const target = Math.min(asked, preview);
  const { message } = App.useApp();
  const token = useSession((s) => s.token);
  // the reader's limits, copy right, layers' version and saved page (GET /document/reader)
  const info = useQuery({
    queryKey: ['reader-info', doc.uuid, token],
    queryFn: ({ signal }) => apiClient.call(api.getReaderInfo, { query: { uuid: doc.uuid }, signal }),
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const hasText = Boolean(info.data?.has_text);
  const [findOpen, setFindOpen] = useState(false);
  const [sideOpen, setSideOpen] = useState(false);
  const narrow = useNarrow();
  const [textMode, setTextMode] = useState(false);
  const [textSize, setTextSize] = useState(TEXT_SIZE_DEFAULT);
  const showText = textMode && narrow && hasText;
  const [sideUsed, setSideUsed] = useState(false);
  const [find, setFind] = useState<FindState>({ hits: new Map(), current: 0 });
  // a page asked for beyond the readable ones (page box, link): the plain limit message
  const [limit, setLimit] = useState(() => (asked > preview && preview > 0 ? asked : 0));
  useEffect(() => setLimit(asked > preview && preview > 0 ? asked : 0), [doc.uuid, asked, preview]);
  // a jump asked for: scrolled to once the page is on screen
  const [jump, setJump] = useState<{ page: number; box?: Box; seq: number } | null>(null);
  const [shown, setShown] = useState(() => Math.max(initialShown(preview), target));
  const [zoom, setZoom] = useState(100);
  const rootRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  useHeadHeight(rootRef, headRef);
  const fullscreen = useFullscreen(rootRef);
  const state = readerState(doc.pages, preview, shown, pagesPerRead);
  const current = usePageIndicator(pagesRef, state.shown);
  const ratio = pageRatio(doc.width, doc.height);
  const tile = useMemo(() => (watermark ? watermarkTile(watermark) : null), [watermark]);
  const total = Math.max(doc.pages, preview);

  useEffect(() => setShown(Math.max(initialShown(preview), target)), [doc.uuid, preview, target]);

  /** Shows the pages up to `page` and scrolls to it; past the readable pages, stops at the last and says why. */
  const goTo = useCallback(
    (page: number, box?: Box) => {
      if (preview < 1) return;
      if (page > preview) setLimit(page);
      const n = Math.min(Math.max(1, page), preview);
      setShown((s) => Math.max(s, n));
      setJump((j) => ({ page: n, box, seq: (j?.seq ?? 0) + 1 }));
    },
    [preview],
  );
  useEffect(() => {
    if (!jump) return;
    const el = pagesRef.current?.querySelector<HTMLElement>(`[data-page="${jump.page}"]`);
    if (!el) return;
    // to the page; a find hit then scrolls itself to the middle once its page's layer is drawn
    el.scrollIntoView?.({ block: 'start' });
  }, [jump, shown]);

  // the reading position: on the server for a logged-in reader, in the browser otherwise
  const saved = token ? (info.data?.progress ?? 0) : readLocalProgress(doc.uuid);
  const [offerDismissed, setOfferDismissed] = useState(false);
  const offer = !offerDismissed && asked === 0 && saved > 1 && current < 2 ? Math.min(saved, Math.max(preview, 1)) : 0;
  useEffect(() => {
    if (current < 1 || preview < 1) return;
    const timer = setTimeout(() => {
      if (token) void apiClient.call(api.saveReadingProgress, { body: { uuid: doc.uuid, page: current } }).catch(() => undefined);
      else writeLocalProgress(doc.uuid, current);
    }, SAVE_PROGRESS_MS);
    return () => clearTimeout(timer);
  }, [current, doc.uuid, token, preview]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (t.closest('input, textarea, [contenteditable="true"]')) return;
    if (e.key === 'PageDown' || e.key === 'ArrowRight') goTo(Math.min(current + 1, preview));
    else if (e.key === 'PageUp' || e.key === 'ArrowLeft') goTo(Math.max(current - 1, 1));
    else return;
    e.preventDefault();
  };
  const copyLink = () => {
    const link = pageLink(window.location.href, Math.min(current, Math.max(preview, 1)));
    void (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'))).then(
      () => message.success('已复制本页链接'),
      () => message.info(link),
    );
  };
  const scrolledTo = useRef('');
  useEffect(() => {
    const key = `${doc.uuid}:${target}`;
    if (target <= 1 || scrolledTo.current === key) return;
    const el = pagesRef.current?.querySelector<HTMLElement>(`[data-page="${target}"]`);
    if (!el) return;
    scrolledTo.current = key;
    el.scrollIntoView?.({ block: 'start' });
  }, [doc.uuid, target, shown]);
  // …and outline it for a moment, so the reader sees which page the citation points to
  const [flash, setFlash] = useState(0);
  useEffect(() => {
    if (target < 1) return;
    setFlash(target);
    const timer = setTimeout(() => setFlash(0), TARGET_FLASH_MS);
    return () => clearTimeout(timer);
  }, [doc.uuid, target]);

  return (
    <div ref={rootRef} className={['wk-reader', fullscreen.on ? 'is-fullscreen' : ''].join(' ')} tabIndex={-1} onKeyDown={onKeyDown}>
      <div ref={headRef} className="wk-reader-head">
        <div className="wk-reader-toolbar" role="toolbar" aria-label="阅读工具栏">
          <span className="wk-reader-indicator" aria-live="polite">
            第 <PageBox key={current} current={Math.min(current, total)} total={total} onGo={goTo} /> / {total} 页
          </span>
          <div className="wk-reader-tools">
            <Tooltip title="目录与缩略图">
              <Button
                type="text"
                size="small"
                icon={<UnorderedListOutlined />}
                aria-label="目录"
                onClick={() => {
                  setSideUsed(true);
                  setSideOpen(true);
                }}
              />
            </Tooltip>
            <Tooltip title="在文档中查找">
              <Button type="text" size="small" icon={<SearchOutlined />} aria-label="查找" aria-pressed={findOpen} onClick={() => setFindOpen((o) => !o)} />
            </Tooltip>
            <Tooltip title="复制本页链接">
              <Button type="text" size="small" icon={<LinkOutlined />} aria-label="复制本页链接" onClick={copyLink} />
            </Tooltip>
            {narrow && hasText && (
              <Button
                type={showText ? 'primary' : 'text'}
                size="small"
                aria-pressed={showText}
                onClick={() => setTextMode((m) => !m)}
                className="wk-reader-textmode"
              >
                文字版
              </Button>
            )}
            {showText ? (
              <>
                <Button
                  type="text"
                  size="small"
                  aria-label="缩小文字"
                  disabled={textSize <= TEXT_SIZE_MIN}
                  onClick={() => setTextSize((z) => Math.max(TEXT_SIZE_MIN, z - 2))}
                >
                  A-
                </Button>
                <Button
                  type="text"
                  size="small"
                  aria-label="放大文字"
                  disabled={textSize >= TEXT_SIZE_MAX}
                  onClick={() => setTextSize((z) => Math.min(TEXT_SIZE_MAX, z + 2))}
                >
                  A+
                </Button>
              </>
            ) : (
              <>
                <Tooltip title="缩小">
                  <Button type="text" size="small" icon={<ZoomOutOutlined />} aria-label="缩小" disabled={zoom <= ZOOM_MIN} onClick={() => setZoom(zoomOut)} />
                </Tooltip>
                <button type="button" className="wk-reader-zoom" title="恢复 100%" onClick={() => setZoom(100)}>
                  {zoom}%
                </button>
                <Tooltip title="放大">
                  <Button type="text" size="small" icon={<ZoomInOutlined />} aria-label="放大" disabled={zoom >= ZOOM_MAX} onClick={() => setZoom(zoomIn)} />
                </Tooltip>
              </>
            )}
            {fullscreen.supported && (
              <Tooltip title={fullscreen.on ? '退出全屏' : '全屏阅读'}>
                <Button
                  type="text"
                  size="small"
                  icon={fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                  aria-label={fullscreen.on ? '退出全屏' : '全屏阅读'}
                  onClick={fullscreen.toggle}
                />
              </Tooltip>
            )}
          </div>
        </div>

        {findOpen && (
          <Suspense fallback={<div className="wk-reader-find" aria-busy="true" />}>
            <ReaderFind uuid={doc.uuid} onHits={setFind} onGo={goTo} onClose={() => setFindOpen(false)} />
          </Suspense>
        )}
        {limit > 0 && (
          <div className="wk-reader-limit" role="alert" data-testid="reader-limit">
            <LockOutlined />
            <span>
              第 {limit} 页需下载后阅读，在线可读前 {preview} 页
            </span>
            {downloadButton}
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label="关闭提示" className="wk-reader-limit-close" onClick={() => setLimit(0)} />
          </div>
        )}
      </div>
      {sideUsed && (
        <Suspense fallback={null}>
          <ReaderSide
            open={sideOpen}
            onClose={() => setSideOpen(false)}
            title={doc.title}
            outline={info.data?.outline ?? []}
            pageUrls={doc.page_urls}
            current={current}
            readable={preview}
            onGo={goTo}
          />
        </Suspense>
      )}
      {offer > 0 && (
        <div className="wk-reader-resume" role="status">
          <span>上次读到第 {offer} 页，</span>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              setOfferDismissed(true);
              goTo(offer);
            }}
          >
            接着读第 {offer} 页
          </Button>
          <Button size="small" type="text" onClick={() => setOfferDismissed(true)}>
            从头读
          </Button>
        </div>
      )}

      {showText && (
        <Suspense fallback={<div className="wk-reader-text" aria-busy="true" />}>
          <ReaderTextView uuid={doc.uuid} textKey={info.data?.text_key ?? ''} readable={preview} fontSize={textSize} />
        </Suspense>
      )}
      <div className="wk-reader-scroll" hidden={showText}>
        <div ref={pagesRef} className="wk-reader-pages" style={{ width: `${zoom}%` }}>
          {shownPages(state.shown).map((n) => (
            <Fragment key={n}>
              <div
                className={`wk-reader-page${n === flash ? ' is-target' : ''}`}
                data-page={n}
                data-testid={n === flash ? 'reader-target-page' : undefined}
                style={{ aspectRatio: `1 / ${ratio}` }}
              >
                <img
                  src={apiUrl(doc.page_urls[n - 1])}
                  alt={`${doc.title} 第${n}页`}
                  loading={n <= INITIAL_PAGES ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                />
                {tile && (
                  <div
                    className="wk-watermark"
                    aria-hidden="true"
                    style={{ backgroundImage: `url("${tile.dataUrl}")`, backgroundSize: `${tile.width}px ${tile.height}px` }}
                  />
                )}
                {hasText && (
                  <Suspense fallback={null}>
                    <ReaderTextLayer
                      uuid={doc.uuid}
                      page={n}
                      textKey={info.data?.text_key ?? ''}
                      canCopy={Boolean(info.data?.can_copy)}
                      hits={find.hits.get(n)}
                      current={find.current === n}
                    />
                  </Suspense>
                )}
                <span className="wk-reader-page-no">{n}</span>
              </div>
              {n === INITIAL_PAGES && preview > INITIAL_PAGES && <AdSlot position="document_between" ads={ads} className="wk-reader-ad" />}
            </Fragment>
          ))}
        </div>
      </div>

      {state.nextChunk > 0 && (
        <div className="wk-reader-more">
          <Button type="primary" ghost size="large" icon={<DownOutlined />} onClick={() => setShown((s) => nextShown(s, preview, pagesPerRead))}>
            继续阅读
          </Button>
          <span className="wk-reader-more-hint">
            已读 {state.shown} / {preview} 页，再加载 {state.nextChunk} 页
          </span>
        </div>
      )}
      {state.atEnd && state.remaining > 0 && (
        <div className="wk-reader-end">
          <LockOutlined className="wk-reader-end-icon" />
          <p>
            剩余 <strong>{state.remaining}</strong> 页未读，下载后阅读全文
          </p>
          {downloadButton}
        </div>
      )}
      {state.atEnd && state.remaining === 0 && preview > 0 && <div className="wk-reader-finished">— 已阅读完毕 —</div>}
    </div>
  );
}

/** The page box of the toolbar: type a page number, Enter goes there. */
function PageBox({ current, total, onGo }: { current: number; total: number; onGo: (page: number) => void }) {
  const [value, setValue] = useState(String(current));
  const go = () => {
    const n = parsePageBox(value, total);
    if (n) onGo(n);
    else setValue(String(current));
  };
  return (
    <input
      className="wk-reader-pagebox"
      aria-label="页码"
      inputMode="numeric"
      value={value}
      style={{ '--digits': Math.max(2, String(total).length) } as React.CSSProperties}
      onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, ''))}
      onKeyDown={(e) => e.key === 'Enter' && go()}
      onBlur={() => setValue(String(current))}
      onFocus={(e) => e.target.select()}
    />
  );
}
