import { FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TChatReference } from '@wenku/contracts/schemas';
import { referenceHref } from '../lib';
import { relevancePercent, shortSnippet } from '../citations';

/**
 * The passages an answer is grounded in, numbered as the answer cites them ([1], [2], …): title, page, a short snippet
 * and the relevance as a small bar. Each opens the document at that page (a new tab on desktop).
 */
export function ReferenceList({ references, newTab = true }: { references: readonly TChatReference[]; newTab?: boolean }) {
  if (!references.length) return null;
  return (
    <section className="wk-chat-refs" aria-label="参考资料" data-testid="chat-references">
      <div className="wk-chat-refs-title">参考资料 · {references.length} 条</div>
      <ol>
        {references.map((r, i) => {
          const pct = relevancePercent(r.score, references);
          const snippet = shortSnippet(r.snippet);
          return (
            <li key={`${r.uuid}-${r.page}-${i}`}>
              <Link
                to={referenceHref(r)}
                className="wk-chat-ref"
                title={r.page > 0 ? `${r.title} · 第 ${r.page} 页` : r.title}
                target={newTab ? '_blank' : undefined}
                rel={newTab ? 'noopener' : undefined}
                data-testid="chat-reference"
              >
                <span className="wk-chat-ref-no" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="wk-chat-ref-body">
                  <span className="wk-chat-ref-head">
                    <FileTextOutlined className="wk-chat-ref-icon" />
                    <span className="wk-chat-ref-title">{r.title}</span>
                    {r.page > 0 && <span className="wk-chat-ref-page">第 {r.page} 页</span>}
                  </span>
                  {snippet && <span className="wk-chat-ref-snippet">{snippet}</span>}
                  <span className="wk-chat-ref-score" title={`相关度得分 ${r.score.toFixed(4)}`}>
                    <span className="wk-chat-ref-bar" aria-hidden="true">
                      <i style={{ width: `${pct}%` }} />
                    </span>
                    <span className="wk-chat-ref-pct">相关度 {pct}%</span>
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
