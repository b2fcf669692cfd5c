import { useState } from 'react';
import { Space, Tooltip, Typography } from 'antd';
import { CHAT_CATEGORY_OPTIONS, CHAT_MESSAGE_STATUS_OPTIONS, ZChatTopic, toValueEnum, type TChatTopic } from '@wenku/contracts';
import { CrudPage, col, muted } from '../../components/crud';
import { UserSelect } from '../../components/user-select';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { ChatStatusBadge, TranscriptDrawer } from './transcript-drawer';

/** GET /chat/topic/all: every user's conversations, their transcript read-only, delete. */
export default function AiChatPage() {
  const [viewing, setViewing] = useState<TChatTopic | null>(null);
  return (
    <CrudPage<TChatTopic>
      subTitle="所有用户的 AI 对话、AI 搜索与文档问答会话；可查看对话内容（只读）或删除会话"
      headerTitle="对话记录"
      request={listRequest(api.listAllChatTopics, 'topic', { row: ZChatTopic })}
      remove={{
        route: api.deleteChatTopics,
        batchTitle: (n) => `确定删除选中的 ${n} 个会话吗？`,
        batchDescription: '会话中的消息将一并删除，删除后不可恢复。',
      }}
      table={{ scroll: { x: 1300 } }}
      columns={(c) => [
        { ...col.keyword<TChatTopic>('会话标题或用户名'), order: 10 },
        { title: '用户', dataIndex: 'user_id', hideInTable: true, order: 9, renderFormItem: () => <UserSelect placeholder="搜索用户" /> },
        col.id(),
        {
          title: '标题',
          dataIndex: 'title',
          width: 240,
          search: false,
          render: (_, row) =>
            row.title ? (
              <Typography.Link ellipsis onClick={() => setViewing(row)} style={{ maxWidth: 224 }}>
                {row.title}
              </Typography.Link>
            ) : (
              <Typography.Text type="secondary">未命名会话</Typography.Text>
            ),
        },
        {
          title: '用户',
          key: 'user',
          width: 140,
          search: false,
          render: (_, row) => (
            <Space size={4}>
              <span>{row.username || muted}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                #{row.user_id}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: '类型',
          dataIndex: 'category',
          width: 100,
          order: 8,
          valueType: 'select',
          valueEnum: toValueEnum(CHAT_CATEGORY_OPTIONS),
          fieldProps: { placeholder: '全部类型' },
        },
        col.text<TChatTopic>('模型', 'model', { width: 150 }),
        { title: '消息数', dataIndex: 'message_count', width: 80, align: 'right', search: false },
        {
          title: 'Tokens',
          key: 'tokens',
          width: 100,
          align: 'right',
          search: false,
          render: (_, row) => (
            <Tooltip title={`输入 ${row.prompt_tokens} / 输出 ${row.completion_tokens}`}>
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.prompt_tokens + row.completion_tokens}</span>
            </Tooltip>
          ),
        },
        {
          title: '最后状态',
          dataIndex: 'last_status',
          width: 100,
          search: false,
          valueEnum: toValueEnum(CHAT_MESSAGE_STATUS_OPTIONS),
          render: (_, row) => (row.last_status === undefined ? muted : <ChatStatusBadge status={row.last_status} />),
        },
        { title: '更新时间', dataIndex: 'updated_at', valueType: 'dateTime', width: 172, search: false },
        col.createdAt<TChatTopic>(),
        col.option(120, (row) => [
          <a key="view" onClick={() => setViewing(row)}>
            查看
          </a>,
          c.deleteLink(row, '会话中的消息将一并删除，删除后不可恢复。'),
        ]),
      ]}
    >
      {viewing && <TranscriptDrawer topic={viewing} onClose={() => setViewing(null)} />}
    </CrudPage>
  );
}
