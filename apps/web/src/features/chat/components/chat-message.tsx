import { useMemo, type MouseEvent } from 'react';
import { Button } from 'antd';
import { CopyOutlined, FileImageOutlined, FileWordOutlined, RedoOutlined, RobotOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { renderMarkdown } from '@wenku/ui/markdown';
import { useScreen } from '@wenku/ui';
import { ChatMessageStatus, isChatFinished } from '@wenku/contracts/enums';
import type { TChatReference } from '@wenku/contracts/schemas';
import { MarkdownView } from '../../article/components/markdown-view';
import { linkCitations } from '../citations';
import type { ChatItem, ChatUsage } from '../use-chat-stream';
import { ReferenceList } from './reference-list';

export interface AnswerActions {
  onCopy: (item: ChatItem) => void;
  onRegenerate?: (item: ChatItem) => void;
  onExportWord: (item: ChatItem) => void;
  onExportImage: (item: ChatItem) => void;
}

/** The three dots of an answer being written. */
export function TypingDots() {
  return (
    <span className="wk-chat-typing" role="status" aria-label="正在生成">
      <i />
      <i />
      <i />
    </span>
  );
}

const NO_REFERENCES: readonly TChatReference[] = [];

/**
 * An answer's markdown, rendered by the site's one renderer; with references, its citation marks ([1], [2]) become
 * superscript links to the cited pages (a new tab on desktop, this tab — through the router — on phones).
 */
export function AnswerBody({
  content,
  references = NO_REFERENCES,
  newTab = true,
}: {
  content: string;
  references?: readonly TChatReference[];
  newTab?: boolean;
}) {
  const navigate = useNavigate();
  const html = useMemo(() => linkCitations(renderMarkdown(content), references, { newTab }), [content, references, newTab]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest?.('a[data-cite]');
    if (!a || a.getAttribute('target') || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(a.getAttribute('href') ?? '/');
  };
  return (
    // a click on a citation badge is handled here (delegated); the badges are real links, so keys work as usual
    <div onClick={onClick}>
      <MarkdownView html={html} className="wk-chat-answer-md" />
    </div>
  );
}

/**
 * One bubble: the user's question on the right, the assistant's answer on the left — the references first (AI search
 * and document Q&A send them before the answer), then the markdown with its citation badges, then the actions.
 * `retrieval`: the topic answers from the library, so an answer still waiting says it is searching.
 */
export function ChatMessage({
  item,
  usage,
  actions,
  busy,
  retrieval = false,
}: {
  item: ChatItem;
  usage?: ChatUsage;
  actions: AnswerActions;
  busy: boolean;
  retrieval?: boolean;
}) {
  const { isMobile } = useScreen();
  if (item.role === 'user') {
    return (
      <div className="wk-chat-msg is-user">
        <div className="wk-chat-bubble">{item.content}</div>
      </div>
    );
  }
  const finished = isChatFinished(item.status);
  const tokens = usage ?? (item.completion_tokens > 0 ? { prompt_tokens: item.prompt_tokens, completion_tokens: item.completion_tokens } : undefined);
  return (
    <div className="wk-chat-msg is-assistant" data-testid="chat-answer">
      <div className="wk-chat-avatar" aria-hidden="true">
        <RobotOutlined />
      </div>
      <div className="wk-chat-answer">
        <ReferenceList references={item.references} newTab={!isMobile} />
        <div className="wk-chat-bubble">
          {item.content ? <AnswerBody content={item.content} references={item.references} newTab={!isMobile} /> : null}
          {!finished && !item.content && retrieval && (
            <div className="wk-chat-note">{item.references.length ? `已找到 ${item.references.length} 条相关资料，正在生成回答…` : '正在检索相关文档…'}</div>
          )}
          {!finished && <TypingDots />}
          {item.status === ChatMessageStatus.Cancelled && <div className="wk-chat-note">已停止生成</div>}
          {(item.status === ChatMessageStatus.Failed || item.status === ChatMessageStatus.Blocked) && (
            <div className="wk-chat-error" role="alert">
              {item.error || (item.status === ChatMessageStatus.Blocked ? '回答已被拦截' : '回答失败')}
            </div>
          )}
        </div>
        {finished && (
          <div className="wk-chat-actions">
            {item.content && (
              <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => actions.onCopy(item)}>
                复制
              </Button>
            )}
            {actions.onRegenerate && (
              <Button type="text" size="small" icon={<RedoOutlined />} disabled={busy} onClick={() => actions.onRegenerate?.(item)}>
                重新生成
              </Button>
            )}
            {item.content && (
              <>
                <Button type="text" size="small" icon={<FileWordOutlined />} onClick={() => actions.onExportWord(item)}>
                  导出Word
                </Button>
                <Button type="text" size="small" icon={<FileImageOutlined />} onClick={() => actions.onExportImage(item)}>
                  导出图片
                </Button>
              </>
            )}
            {tokens && (
              <span className="wk-chat-usage">
                输入 {tokens.prompt_tokens} · 输出 {tokens.completion_tokens} tokens
              </span>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
