import { useState } from 'react';
import { App, Button, Empty, Input, Modal, Pagination, Popconfirm, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { CHAT_CATEGORY_OPTIONS, ChatCategory, type TChatCategory } from '@wenku/contracts/enums';
import { relativeTime } from '@wenku/contracts/format';
import type { TChatTopic } from '@wenku/contracts/schemas';
import { useDocumentTitle } from '../../../app/title';
import { errorMessage } from '../../../lib/api';
import { useChatTopics, useDeleteChatTopics, useRenameChatTopic } from '../api';
import { CHAT_CATEGORY_COLORS, groupTopics, topicHref, topicTitle } from '../lib';
import '../chat.css';

const PAGE_SIZE = 20;
const TABS = [{ key: 'all', label: '全部' }, ...CHAT_CATEGORY_OPTIONS.map((o) => ({ key: String(o.value), label: o.label }))];

/** /chat/history: my conversations, newest first, under 今天 / 昨天 / 前天 / 本周 / 本月 / 今年 / year headings. */
export default function ChatHistoryPage() {
  useDocumentTitle('历史会话');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState('all');
  const [wd, setWd] = useState('');
  const category = tab === 'all' ? null : (Number(tab) as TChatCategory);
  const list = useChatTopics({ page, size: PAGE_SIZE, category, wd });
  const rename = useRenameChatTopic();
  const remove = useDeleteChatTopics();
  const [editing, setEditing] = useState<TChatTopic | null>(null);
  const [title, setTitle] = useState('');

  const topics = list.data?.topic ?? [];
  const total = list.data?.total ?? 0;
  const groups = groupTopics(topics);

  const saveTitle = async () => {
    if (!editing) return;
    const next = title.trim();
    if (!next) {
      message.error('请输入会话标题');
      return;
    }
    try {
      await rename.mutateAsync({ id: editing.id, title: next });
      message.success('已重命名');
      setEditing(null);
    } catch (e) {
      message.error(errorMessage(e, '重命名失败'));
    }
  };

  const doDelete = async (t: TChatTopic) => {
    try {
      await remove.mutateAsync([t.id]);
      message.success('已删除');
      if (topics.length === 1 && page > 1) setPage(page - 1);
    } catch (e) {
      message.error(errorMessage(e, '删除失败'));
    }
  };

  return (
    <div className="wk-chat-page wk-chat-history">
      <header className="wk-chat-history-head">
        <h1>历史会话</h1>
        <Input.Search
          allowClear
          placeholder="搜索会话标题"
          aria-label="搜索会话标题"
          className="wk-chat-history-search"
          onSearch={(v) => {
            setWd(v.trim());
            setPage(1);
          }}
        />
      </header>
      <Tabs
        activeKey={tab}
        items={TABS}
        onChange={(k) => {
          setTab(k);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <Result
          status="error"
          title="加载历史会话失败"
          subTitle={errorMessage(list.error, '请稍后重试')}
          extra={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : topics.length === 0 ? (
        <Empty description={wd ? '没有找到相关会话' : '还没有会话'}>
          {category === ChatCategory.Search ? (
            <Link to="/chat/search">
              <Button type="primary" icon={<SearchOutlined />}>
                开始搜索
              </Button>
            </Link>
          ) : category === ChatCategory.Document ? (
            <Typography.Text type="secondary">在任意文档页点击「问这篇文档」即可开始文档问答</Typography.Text>
          ) : (
            <Link to="/chat/dialog">
              <Button type="primary" icon={<MessageOutlined />}>
                开始对话
              </Button>
            </Link>
          )}
        </Empty>
      ) : (
        <>
          {groups.map((g) => (
            <section key={g.label} className="wk-chat-history-group" aria-label={g.label}>
              <h2>{g.label}</h2>
              <ul>
                {g.topics.map((t) => (
                  <li key={t.id} className="wk-chat-history-item" data-testid="chat-topic">
                    <Link to={topicHref(t.uuid)} className="wk-chat-history-link">
                      <span className="wk-chat-history-title">{topicTitle(t)}</span>
                      <span className="wk-chat-history-meta">
                        <Tag variant="filled" color={CHAT_CATEGORY_COLORS[t.category]} data-testid="chat-topic-category">
                          {CHAT_CATEGORY_OPTIONS.find((o) => o.value === t.category)?.label ?? 'AI对话'}
                        </Tag>
                        {t.message_count} 条消息 · {relativeTime(t.updated_at)}
                      </span>
                    </Link>
                    <div className="wk-chat-history-ops">
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`重命名 ${topicTitle(t)}`}
                        onClick={() => {
                          setEditing(t);
                          setTitle(t.title);
                        }}
                      />
                      <Popconfirm title="确定删除这个会话吗？" description="删除后无法恢复" okText="删除" cancelText="取消" onConfirm={() => doDelete(t)}>
                        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除 ${topicTitle(t)}`} />
                      </Popconfirm>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {total > PAGE_SIZE && (
            <Pagination className="wk-chat-history-pager" current={page} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPage} />
          )}
        </>
      )}
      <Modal
        open={Boolean(editing)}
        title="重命名会话"
        okText="保存"
        cancelText="取消"
        confirmLoading={rename.isPending}
        onOk={() => void saveTitle()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Input value={title} maxLength={100} aria-label="会话标题" onChange={(e) => setTitle(e.target.value)} onPressEnter={() => void saveTitle()} autoFocus />
      </Modal>
    </div>
  );
}
