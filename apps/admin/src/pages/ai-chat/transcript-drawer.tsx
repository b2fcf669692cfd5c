import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Drawer, Empty, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { renderMarkdown } from '@wenku/ui/markdown';
import '@wenku/ui/markdown.css';
import { CHAT_CATEGORY_OPTIONS, CHAT_MESSAGE_STATUS_OPTIONS, type TChatMessage, type TChatTopic } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';

const BADGE: Record<string, 'default' | 'processing' | 'success' | 'error' | 'warning'> = {
  Default: 'default',
  Processing: 'processing',
  Success: 'success',
  Error: 'error',
  Warning: 'warning',
};

/** A message's status as a badge (成功, 失败, 已停止, …). */
export function ChatStatusBadge({ status }: { status: number | undefined }) {
  const opt = CHAT_MESSAGE_STATUS_OPTIONS.find((o) => o.value === status);
  if (!opt) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Badge status={BADGE[opt.status]} text={opt.label} />;
}

function AssistantContent({ content }: { content: string }) {
  const html = useMemo(() => renderMarkdown(content), [content]);
  if (!html) return <Typography.Text type="secondary">（无内容）</Typography.Text>;
  return <div className="wk-markdown" style={{ fontSize: 14 }} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Bubble({ m }: { m: TChatMessage }) {
  const user = m.role === 'user';
  const tokens = m.prompt_tokens + m.completion_tokens;
  return (
    <div data-testid="chat-message" data-role={m.role} style={{ display: 'flex', flexDirection: 'column', alignItems: user ? 'flex-end' : 'flex-start' }}>
      <Space size={[8, 0]} wrap style={{ fontSize: 12, marginBottom: 4, justifyContent: user ? 'flex-end' : 'flex-start' }}>
        <Typography.Text strong style={{ fontSize: 12 }}>
          {user ? '用户' : 'AI'}
        </Typography.Text>
        {!user && <ChatStatusBadge status={m.status} />}
        {m.model && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.model}
          </Typography.Text>
        )}
        {!user && tokens > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {tokens} tokens（输入 {m.prompt_tokens} / 输出 {m.completion_tokens}）
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(m.created_at, true)}
        </Typography.Text>
      </Space>
      <div
        style={{
          maxWidth: '92%',
          padding: '8px 12px',
          borderRadius: 8,
          background: user ? '#e6f4ff' : '#fafafa',
          border: `1px solid ${user ? '#bae0ff' : '#f0f0f0'}`,
          overflowX: 'auto',
          wordBreak: 'break-word',
        }}
      >
        {user ? <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div> : <AssistantContent content={m.content} />}
        {m.error && <Alert type={m.status === 5 ? 'warning' : 'error'} showIcon title={m.error} style={{ marginTop: 8 }} />}
        {m.references.length > 0 && (
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              参考：
            </Typography.Text>
            {m.references.map((r, i) => (
              <Tag key={`${r.uuid}-${r.page}-${i}`} style={{ marginTop: 4 }}>
                {r.title} 第 {r.page} 页
              </Tag>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** The read-only transcript of a conversation: GET /chat/message/list (administrators read any topic). */
export function TranscriptDrawer({ topic, onClose }: { topic: TChatTopic; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['chat-messages', topic.id],
    queryFn: ({ signal }) => client.call(api.listChatMessages, { query: { topic_id: topic.id, page: 1, size: 500 }, signal }),
  });
  const messages = q.data?.message ?? [];
  const category = CHAT_CATEGORY_OPTIONS.find((o) => o.value === topic.category)?.label;
  const width = typeof window !== 'undefined' ? Math.min(720, window.innerWidth) : 720;
  return (
    <Drawer open onClose={onClose} size={width} title={topic.title || '未命名会话'} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space size={[8, 4]} wrap>
          {category && <Tag color="blue">{category}</Tag>}
          <Typography.Text type="secondary">
            {topic.username || '用户'}（ID {topic.user_id}）
          </Typography.Text>
          <Typography.Text type="secondary">{topic.message_count} 条消息</Typography.Text>
          <Typography.Text type="secondary">共 {topic.prompt_tokens + topic.completion_tokens} tokens</Typography.Text>
        </Space>
        {q.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : q.isError ? (
          <Result status="error" title="加载对话失败" subTitle={errorMessage(q.error)} />
        ) : messages.length === 0 ? (
          <Empty description="这个会话还没有消息" />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {messages.map((m) => (
              <Bubble key={m.id} m={m} />
            ))}
          </Space>
        )}
      </Space>
    </Drawer>
  );
}
