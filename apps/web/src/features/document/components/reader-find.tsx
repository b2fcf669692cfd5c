import { useEffect, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd';
import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { stepHit, type Box } from '../lib/text-layer';

export interface FindState {
  /** each page's hit boxes */
  hits: ReadonlyMap<number, readonly Box[]>;
  /** the page of the current hit (0: none) */
  current: number;
}

export interface ReaderFindProps {
  uuid: string;
  /** the hits changed (a new search, or the bar closed) */
  onHits: (state: FindState) => void;
  /** go to a hit's page, to its first box */
  onGo: (page: number, box?: Box) => void;
  onClose: () => void;
}

/**
 * Find in the document (GET /document/find, the readable pages only): a box, the hits per page
 * (第 12 页 · 3 处), next and previous; the pages' hits are highlighted by their text layers.
 */
export default function ReaderFind({ uuid, onHits, onGo, onClose }: ReaderFindProps) {
  const [text, setText] = useState('');
  const [wd, setWd] = useState('');
  const [at, setAt] = useState(-1);
  const input = useRef<InputRef>(null);
  useEffect(() => input.current?.focus(), []);

  const found = useQuery({
    queryKey: ['reader-find', uuid, wd],
    queryFn: ({ signal }) => apiClient.call(api.findInDocument, { query: { uuid, wd }, signal }),
    enabled: wd.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  const pages = found.data?.pages ?? [];

  // a new answer: its first hit
  useEffect(() => {
    if (!found.data) return;
    setAt(found.data.pages.length ? 0 : -1);
  }, [found.data]);

  const hitPage = at >= 0 ? pages[at] : undefined;
  useEffect(() => {
    onHits({ hits: new Map(pages.map((p) => [p.page, p.rects])), current: hitPage?.page ?? 0 });
    if (hitPage) onGo(hitPage.page, hitPage.rects[0]);
    // onHits/onGo are the reader's stable callbacks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found.data, at]);

  const close = () => {
    onHits({ hits: new Map(), current: 0 });
    onClose();
  };
  const submit = () => {
    const q = text.trim();
    if (!q) return;
    if (q === wd && pages.length) setAt((a) => stepHit(pages.length, a, 1));
    else setWd(q);
  };

  return (
    <div className="wk-reader-find" role="search" aria-label="在文档中查找">
      <div className="wk-reader-find-bar">
        <Input
          ref={input}
          size="small"
          allowClear
          placeholder="在文档中查找"
          aria-label="查找内容"
          maxLength={64}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={submit}
          onKeyDown={(e) => e.key === 'Escape' && close()}
        />
        <span className="wk-reader-find-count" aria-live="polite">
          {found.isFetching
            ? '查找中…'
            : found.isError
              ? errorMessage(found.error, '查找失败')
              : found.data
                ? found.data.total
                  ? `${at + 1} / ${pages.length} 页 · 共 ${found.data.total} 处`
                  : '没有找到'
                : ''}
        </span>
        <Button
          size="small"
          type="text"
          icon={<UpOutlined />}
          aria-label="上一处"
          disabled={!pages.length}
          onClick={() => setAt((a) => stepHit(pages.length, a, -1))}
        />
        <Button
          size="small"
          type="text"
          icon={<DownOutlined />}
          aria-label="下一处"
          disabled={!pages.length}
          onClick={() => setAt((a) => stepHit(pages.length, a, 1))}
        />
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label="关闭查找" onClick={close} />
      </div>
      {pages.length > 0 && (
        <ol className="wk-reader-find-hits">
          {pages.map((p, i) => (
            <li key={p.page}>
              <button type="button" className={i === at ? 'is-current' : undefined} onClick={() => setAt(i)}>
                <strong>
                  第 {p.page} 页 · {p.count} 处
                </strong>
                <span>{p.snippet}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {found.data && found.data.readable > 0 && found.data.readable < Number.MAX_SAFE_INTEGER && (
        <p className="wk-reader-find-note">在可阅读的前 {found.data.readable} 页中查找</p>
      )}
    </div>
  );
}
