import { useState } from 'react';
import { Drawer, Segmented } from 'antd';
import type { TOutlineItem } from '@wenku/contracts';
import { apiUrl } from '../../../lib/api';

export interface ReaderSideProps {
  open: boolean;
  onClose: () => void;
  title: string;
  outline: readonly TOutlineItem[];
  /** page image URLs of the readable pages */
  pageUrls: readonly string[];
  current: number;
  /** pages 1..readable may be opened */
  readable: number;
  onGo: (page: number) => void;
}

/**
 * The reader's side panel (a drawer, full width on phones): the document's outline (PDF bookmarks, an EPUB's table of
 * contents, an office document's headings) and thumbnails of the readable pages; both jump to their page. Outline
 * entries past the readable pages are shown locked, and jumping to one says why.
 */
export default function ReaderSide({ open, onClose, title, outline, pageUrls, current, readable, onGo }: ReaderSideProps) {
  const [tab, setTab] = useState<'outline' | 'pages'>(outline.length ? 'outline' : 'pages');
  const go = (page: number) => {
    onGo(page);
    onClose();
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={typeof window !== 'undefined' && window.innerWidth < 768 ? window.innerWidth : 320}
      title={title}
      className="wk-reader-side"
      styles={{ body: { padding: 12 } }}
    >
      <Segmented
        block
        value={tab}
        onChange={(v) => setTab(v as 'outline' | 'pages')}
        options={[
          { label: '目录', value: 'outline' },
          { label: '缩略图', value: 'pages' },
        ]}
      />
      {tab === 'outline' ? (
        outline.length ? (
          <nav aria-label="文档目录">
            <ul className="wk-reader-outline">
              {outline.map((o, i) => (
                <li key={i} style={{ paddingLeft: (Math.max(1, o.level) - 1) * 14 }}>
                  <button
                    type="button"
                    className={o.page > readable ? 'is-locked' : o.page === current ? 'is-current' : undefined}
                    onClick={() => go(o.page)}
                    title={o.page > readable ? `第 ${o.page} 页需下载后阅读` : undefined}
                  >
                    <span>{o.title}</span>
                    <em>{o.page}</em>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p className="wk-reader-side-empty">该文档没有目录</p>
        )
      ) : (
        <ol className="wk-reader-thumbs" aria-label="页面缩略图">
          {pageUrls.slice(0, readable).map((url, i) => (
            <li key={url}>
              <button type="button" className={i + 1 === current ? 'is-current' : undefined} onClick={() => go(i + 1)} aria-label={`第 ${i + 1} 页`}>
                <img src={apiUrl(url)} alt="" loading="lazy" decoding="async" />
                <span>{i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
