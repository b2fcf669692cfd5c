import { useEffect, useMemo, useRef } from 'react';
import { App, Button, Result, Spin, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CHAT_CATEGORY_OPTIONS, ChatCategory } from '@wenku/contracts/enums';
import { useDocumentTitle } from '../../../app/title';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { useSiteName } from '../../settings/api';
import { markdownToDocx, useChatMessages, useChatTopic } from '../api';
import { CHAT_CATEGORY_COLORS, downloadBlob, takePendingQuestion, topicTitle } from '../lib';
import { fromMessage, useChatStream, type ChatItem } from '../use-chat-stream';
import { answerToPng } from '../export-image';
import { ChatInput } from '../components/chat-input';
import { ChatMessage, type AnswerActions } from '../components/chat-message';
import { QuotaNote } from '../components/quota-note';
import { TopicDocuments } from '../components/topic-documents';
import '../chat.css';

/** /chat/{uuid}: one conversation — the transcript, streaming answers, and per-answer copy / regenerate / export. */
export default function ChatTopicPage() {
  const { id: uuid = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const sitename = useSiteName();
  const topic = useChatTopic(uuid);
  const stream = useChatStream(topic.data?.id);
  const messages = useChatMessages(topic.data?.id, !stream.generating);
  useDocumentTitle(topic.data ? topicTitle(topic.data) : '会话');

  // the transcript: what the server holds, then what was written during this visit (the server's copy of a live
  // message is left out while the live one is shown)
  const items: ChatItem[] = useMemo(() => {
    const liveIds = new Set(stream.live.filter((m) => m.id > 0).map((m) => m.id));
    return [...(messages.data ?? []).filter((m) => !liveIds.has(m.id)).map(fromMessage), ...stream.live];
  }, [messages.data, stream.live]);

  // the first question, handed over by the welcome page (router state or sessionStorage) or a new tab (?q=)
  const startedRef = useRef(false);
  const ready = Boolean(topic.data && messages.data);
  useEffect(() => {
    if (!ready || startedRef.current) return;
    startedRef.current = true;
    const fromState = (location.state as { question?: string } | null)?.question ?? '';
    const stored = takePendingQuestion(uuid);
    const q = (fromState || stored || params.get('q') || '').trim();
    if (fromState || params.has('q')) navigate(location.pathname, { replace: true, state: null });
    if (q) void stream.send(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  // follow the answer as it grows
  const endRef = useRef<HTMLDivElement>(null);
  const lastLength = items.length ? items[items.length - 1].content.length : 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [items.length, lastLength]);

  if (topic.isPending) {
    return (
      <div className="wk-chat-page wk-chat-center">
        <Spin />
      </div>
    );
  }
  if (topic.isError || !topic.data) {
    return (
      <div className="wk-chat-page wk-chat-center">
        <Result
          status={isUnauthorized(topic.error) ? '403' : '404'}
          title="会话不存在或已删除"
          subTitle={errorMessage(topic.error, '加载会话失败')}
          extra={
            <Link to="/chat/dialog">
              <Button type="primary">开始新的对话</Button>
            </Link>
          }
        />
      </div>
    );
  }

  const t = topic.data;
  const category = CHAT_CATEGORY_OPTIONS.find((o) => o.value === t.category);
  const newHref = t.category === ChatCategory.Search ? '/chat/search' : '/chat/dialog';
  // AI search and document Q&A answer from the library: references come first, marks in the answer cite them
  const retrieval = t.category === ChatCategory.Search || t.category === ChatCategory.Document;

  /** the question an answer replied to */
  const questionOf = (answer: ChatItem): string => {
    const i = items.findIndex((x) => x.key === answer.key);
    for (let j = i - 1; j >= 0; j--) if (items[j].role === 'user') return items[j].content;
    return '';
  };

  const actions: AnswerActions = {
    onCopy: (item) => {
      const copy = navigator.clipboard?.writeText(item.content);
      if (!copy) {
        message.error('复制失败');
        return;
      }
      copy.then(
        () => message.success('已复制'),
        () => message.error('复制失败'),
      );
    },
    onRegenerate: (item) => {
      const q = questionOf(item);
      if (q) void stream.send(q);
    },
    onExportWord: (item) => {
      markdownToDocx(item.content, topicTitle(t)).then(
        (blob) => {
          downloadBlob(blob, 'document.docx');
          message.success('导出成功');
        },
        (e: unknown) => message.error(errorMessage(e, '导出失败')),
      );
    },
    onExportImage: (item) => {
      answerToPng(item.content, `${topicTitle(t)} · ${sitename}`).then(
        (url) => {
          const a = document.createElement('a');
          a.href = url;
          a.download = 'answer.png';
          a.click();
          message.success('导出成功');
        },
        () => message.error('导出图片失败'),
      );
    },
  };

  return (
    <div className="wk-chat-page wk-chat-topic">
      <div className="wk-chat-topic-top">
        <header className="wk-chat-topic-head">
          <h1 className="wk-chat-topic-title" title={topicTitle(t)}>
            {topicTitle(t)}
          </h1>
          {category && <Tag color={CHAT_CATEGORY_COLORS[t.category]}>{category.label}</Tag>}
          <Link to={newHref} className="wk-chat-topic-new">
            <Button size="small" icon={<PlusOutlined />}>
              新会话
            </Button>
          </Link>
        </header>
        {t.category === ChatCategory.Document && <TopicDocuments topicId={t.id} />}
      </div>
      <div className="wk-chat-transcript" aria-live="polite">
        {messages.isPending ? (
          <div className="wk-chat-center">
            <Spin />
          </div>
        ) : messages.isError ? (
          <Result status="error" title="加载消息失败" subTitle={errorMessage(messages.error, '请稍后重试')} />
        ) : items.length === 0 ? (
          <div className="wk-chat-empty">
            {t.category === ChatCategory.Search
              ? '向文库提问，回答会附上引用的文档与页码。'
              : t.category === ChatCategory.Document
                ? '针对上方的文档提问，回答只来自这些文档，并标注引用的页码。'
                : '有什么可以帮你的？在下方输入问题开始对话。'}
          </div>
        ) : (
          items.map((item, i) => (
            <ChatMessage
              key={item.key}
              item={item}
              usage={stream.usage[item.key]}
              busy={stream.generating}
              retrieval={retrieval}
              actions={{ ...actions, onRegenerate: i > 0 ? actions.onRegenerate : undefined }}
            />
          ))
        )}
        <div ref={endRef} />
      </div>
      <footer className="wk-chat-topic-foot">
        <ChatInput onSend={stream.send} onStop={stream.stop} generating={stream.generating} busy={!messages.data} extra={<QuotaNote />} />
        <div className="wk-chat-disclaimer">回答由 AI 生成，仅供参考</div>
      </footer>
    </div>
  );
}
