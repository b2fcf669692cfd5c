import { useState, type ReactNode } from 'react';
import { Button, Input } from 'antd';
import { ArrowUpOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { CHAT_CONTENT_MAX } from '@wenku/contracts/constants';

/**
 * The question box: Enter sends, Shift+Enter starts a new line (and Enter while an input method composes does
 * nothing). While an answer is being generated the button becomes 停止.
 */
export function ChatInput({
  onSend,
  onStop,
  generating = false,
  busy = false,
  placeholder = '输入你的问题，Enter 发送，Shift+Enter 换行',
  extra,
  autoFocus,
}: {
  /** returns true (or a promise of true) when the text was taken and the box may be cleared */
  onSend: (text: string) => boolean | Promise<boolean>;
  onStop?: () => void;
  generating?: boolean;
  busy?: boolean;
  placeholder?: string;
  /** under the box, left: options and the quota */
  extra?: ReactNode;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const send = async () => {
    const q = text.trim();
    if (!q || busy || generating) return;
    if (await onSend(q)) setText('');
  };
  return (
    <div className="wk-chat-input">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={CHAT_CONTENT_MAX}
        variant="borderless"
        aria-label="问题"
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div className="wk-chat-input-bar">
        <div className="wk-chat-input-extra">{extra}</div>
        {generating ? (
          <Button danger shape="round" icon={<PauseCircleOutlined />} onClick={onStop}>
            停止
          </Button>
        ) : (
          <Button type="primary" shape="round" icon={<ArrowUpOutlined />} loading={busy} disabled={!text.trim()} onClick={() => void send()}>
            发送
          </Button>
        )}
      </div>
    </div>
  );
}
