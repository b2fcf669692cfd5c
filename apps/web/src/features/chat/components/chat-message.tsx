import { useMemo } from 'react';
import { Button } from 'antd';
import { CopyOutlined, FileImageOutlined, FileWordOutlined, FileTextOutlined, RedoOutlined, RobotOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { renderMarkdown } from '@wenku/ui/markdown';
import { ChatMessageStatus, isChatFinished } from '@wenku/contracts';
import { MarkdownView } from '../../article/components/markdown-view';
import { referenceHref } from '../lib';
import type { ChatItem, ChatUsage } from '../use-chat-stream';

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

/** An answer's markdown, rendered by the site's one renderer. */
export function AnswerBody({ content }: { content: string }) {
  const html = useMemo(() => renderMarkdown(content), [content]);
  return <MarkdownView html={html} className="wk-chat-answer-md" />;
}

/** One bubble: the user's question on the right, the assistant's answer (markdown, references, actions) on the left. */
export function ChatMessage({ item, usage, actions, busy }: { item: ChatItem; usage?: ChatUsage; actions: AnswerActions; busy: boolean }) {
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
        <div className="wk-chat-bubble">
          {item.content ? <AnswerBody content={item.content} /> : null}
          {!finished && <TypingDots />}
          {item.status === ChatMessageStatus.Cancelled && <div className="wk-chat-note">已停止生成</div>}
          {(item.status === ChatMessageStatus.Failed || item.status === ChatMessageStatus.Blocked) && (
            <div className="wk-chat-error" role="alert">
              {item.error || (item.status === ChatMessageStatus.Blocked ? '回答已被拦截' : '回答失败')}
            </div>
          )}
        </div>
        {item.references.length > 0 && (
          <div className="wk-chat-refs">
            <div className="wk-chat-refs-title">参考文档</div>
            <ul>
              {item.references.map((r, i) => (
                <li key={`${r.uuid}-${r.page}-${i}`}>
                  <Link to={referenceHref(r)} className="wk-chat-ref" title={r.title} target="_blank">
                    <FileTextOutlined />
                    <span className="wk-chat-ref-title">{r.title}</span>
                    {r.page > 0 && <span className="wk-chat-ref-page">第 {r.page} 页</span>}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
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
