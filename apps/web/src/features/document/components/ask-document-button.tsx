import { App, Button } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ChatCategory } from '@wenku/contracts/enums';
import { errorMessage } from '../../../lib/api';
import { useSettings } from '../../settings/api';
import { useCreateChatTopic } from '../../chat/api';
import { documentTopicTitle, topicHref } from '../../chat/lib';
import type { DocumentDetail } from '../api';

/**
 * 问这篇文档: opens a document Q&A topic (category 2) bound to this document and goes to it. Shown while the site's AI
 * features are on (settings.llm.enable, as the chat links); a visitor is sent to log in first.
 */
export function AskDocumentButton({
  doc,
  loggedIn,
  loginFirst,
}: {
  doc: Pick<DocumentDetail, 'id' | 'title'>;
  loggedIn: boolean;
  loginFirst: (hint?: string) => void;
}) {
  const enabled = useSettings().llm.enable;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreateChatTopic();
  if (!enabled) return null;

  const ask = async () => {
    if (!loggedIn) {
      loginFirst('请登录后向文档提问');
      return;
    }
    try {
      const topic = await create.mutateAsync({ category: ChatCategory.Document, document_id: [doc.id], title: documentTopicTitle(doc.title) });
      navigate(topicHref(topic.uuid));
    } catch (e) {
      message.error(errorMessage(e, '创建会话失败'));
    }
  };

  return (
    <Button size="large" icon={<RobotOutlined />} loading={create.isPending} onClick={() => void ask()} className="wk-doc-ask">
      问这篇文档
    </Button>
  );
}
