import { Button } from 'antd';
import { MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { ComingSoon } from '@wenku/ui';
import { useDocumentTitle } from '../../../app/title';

const TITLES: Record<string, { title: string; description: string }> = {
  '/chat': { title: 'AI 助手', description: '基于文库文档的智能问答，回答会注明出处页码。' },
  '/chat/dialog': { title: 'AI对话', description: '与 AI 助手自由对话，支持 Markdown 与数学公式。' },
  '/chat/search': { title: 'AI搜索', description: '用自然语言搜索文库中的文档，并获得带引用的回答。' },
  '/chat/history': { title: '历史会话', description: '按今天、昨天、前天、本周、本月、今年分组查看历史会话。' },
};

/** Chat pages (login required) until the AI features land. */
export default function ChatPage() {
  const { pathname } = useLocation();
  const info = TITLES[pathname] ?? { title: '会话', description: '会话内容正在建设中。' };
  useDocumentTitle(info.title);
  return (
    <div className="wk-chat-placeholder">
      <ComingSoon
        title={`${info.title} · 即将上线`}
        description={info.description}
        extra={
          <div className="wk-chat-placeholder-actions">
            <Link to="/chat/dialog">
              <Button type="primary" icon={<MessageOutlined />}>
                AI对话
              </Button>
            </Link>
            <Link to="/chat/search">
              <Button icon={<SearchOutlined />}>AI搜索</Button>
            </Link>
          </div>
        }
      />
    </div>
  );
}
