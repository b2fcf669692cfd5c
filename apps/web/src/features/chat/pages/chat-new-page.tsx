import { useState } from 'react';
import { App, Checkbox } from 'antd';
import { MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { ChatCategory, type TChatCategory } from '@wenku/contracts/enums';
import { useDocumentTitle } from '../../../app/title';
import { useSiteName } from '../../settings/api';
import { errorMessage } from '../../../lib/api';
import { useCreateChatTopic } from '../api';
import { savePendingQuestion, topicHref } from '../lib';
import { ChatInput } from '../components/chat-input';
import { QuotaNote } from '../components/quota-note';
import '../chat.css';

const EXAMPLES: Record<TChatCategory, string[]> = {
  0: ['帮我写一份工作周报的提纲', '用通俗的话解释一下什么是区块链', '把这段话翻译成英文：知识就是力量'],
  1: ['有哪些关于机器学习入门的资料？', '劳动合同范本里试用期一般怎么约定？', '找一份小学数学应用题练习'],
  2: [],
};

/**
 * /chat, /chat/dialog and /chat/search: a welcome and the question box. Sending creates the topic, then the
 * conversation page (/chat/{uuid}) opens — here or in a new tab — and sends the question as its first message.
 */
export default function ChatNewPage() {
  const { pathname } = useLocation();
  const category: TChatCategory = pathname.startsWith('/chat/search') ? ChatCategory.Search : ChatCategory.Dialog;
  const isSearch = category === ChatCategory.Search;
  const title = isSearch ? 'AI搜索' : 'AI对话';
  useDocumentTitle(title);
  const sitename = useSiteName();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreateChatTopic();
  const [newTab, setNewTab] = useState(false);

  const start = async (question: string): Promise<boolean> => {
    try {
      const topic = await create.mutateAsync({ category });
      if (newTab) {
        window.open(topicHref(topic.uuid, question), '_blank', 'noopener');
      } else {
        savePendingQuestion(topic.uuid, question);
        navigate(topicHref(topic.uuid), { state: { question } });
      }
      return true;
    } catch (e) {
      message.error(errorMessage(e, '创建会话失败'));
      return false;
    }
  };

  return (
    <div className={`wk-chat-page wk-chat-welcome${isSearch ? ' is-search' : ''}`}>
      <div className="wk-chat-welcome-body">
        <div className="wk-chat-welcome-icon">{isSearch ? <SearchOutlined /> : <MessageOutlined />}</div>
        <h1 className="wk-chat-welcome-title">{title}</h1>
        <p className="wk-chat-welcome-desc">
          {isSearch
            ? `用自然语言提问，AI 会检索${sitename}中的文档来回答，并列出所引用的文档与页码，点击即可打开原文。`
            : '你好，我是 AI 助手。可以问我任何问题，回答支持 Markdown、代码与数学公式。'}
        </p>
        <ChatInput
          autoFocus
          busy={create.isPending}
          onSend={start}
          placeholder={isSearch ? '想在文库里找什么？Enter 发送，Shift+Enter 换行' : undefined}
          extra={
            <>
              <Checkbox checked={newTab} onChange={(e) => setNewTab(e.target.checked)}>
                在新标签页打开
              </Checkbox>
              <QuotaNote />
            </>
          }
        />
        <div className="wk-chat-examples">
          {EXAMPLES[category].map((q) => (
            <button key={q} type="button" className="wk-chat-example" disabled={create.isPending} onClick={() => void start(q)}>
              {q}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
