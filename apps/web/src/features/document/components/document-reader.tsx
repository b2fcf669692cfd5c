import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { DownOutlined, FullscreenExitOutlined, FullscreenOutlined, LockOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { TAdvertisement } from '@wenku/contracts/schemas';
import { useSearchParams } from 'react-router-dom';
import { apiUrl } from '../../../lib/api';
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
import type { DocumentDetail } from '../api';

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
  // ?page=N (a chat answer's reference): show the pages up to N and scroll to it
  const [params] = useSearchParams();
  const target = Math.min(Math.max(0, Math.floor(Number(params.get('page')) || 0)), preview);
  const [shown, setShown] = useState(() => Math.max(initialShown(preview), target));
  const [zoom, setZoom] = useState(100);
  const rootRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(rootRef);
  const state = readerState(doc.pages, preview, shown, pagesPerRead);
  const current = usePageIndicator(pagesRef, state.shown);
  const ratio = pageRatio(doc.width, doc.height);
  const tile = useMemo(() => (watermark ? watermarkTile(watermark) : null), [watermark]);
  const total = Math.max(doc.pages, preview);

  useEffect(() => setShown(Math.max(initialShown(preview), target)), [doc.uuid, preview, target]);
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
    <div ref={rootRef} className={['wk-reader', fullscreen.on ? 'is-fullscreen' : ''].join(' ')}>
      <div className="wk-reader-toolbar" role="toolbar" aria-label="阅读工具栏">
        <span className="wk-reader-indicator" aria-live="polite">
          第 <strong>{Math.min(current, total)}</strong> / {total} 页
        </span>
        <div className="wk-reader-tools">
          <Tooltip title="缩小">
            <Button type="text" size="small" icon={<ZoomOutOutlined />} aria-label="缩小" disabled={zoom <= ZOOM_MIN} onClick={() => setZoom(zoomOut)} />
          </Tooltip>
          <button type="button" className="wk-reader-zoom" title="恢复 100%" onClick={() => setZoom(100)}>
            {zoom}%
          </button>
          <Tooltip title="放大">
            <Button type="text" size="small" icon={<ZoomInOutlined />} aria-label="放大" disabled={zoom >= ZOOM_MAX} onClick={() => setZoom(zoomIn)} />
          </Tooltip>
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

      <div className="wk-reader-scroll">
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
