import { App, Popconfirm, Skeleton, Tag, Tooltip } from 'antd';
import { CloseOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TChatTopicDocument } from '@wenku/contracts/schemas';
import { errorMessage } from '../../../lib/api';
import { documentHref } from '../../document/lib/href';
import { useChatTopicDocuments, useRemoveChatTopicDocument } from '../api';

/**
 * Document Q&A: the documents this topic answers from, as compact tags linking to each document, with × to unbind one.
 * A document deleted or disabled since is greyed out (answers no longer come from it).
 */
export function TopicDocuments({ topicId }: { topicId: number }) {
  const { message } = App.useApp();
  const docs = useChatTopicDocuments(topicId);
  const remove = useRemoveChatTopicDocument(topicId);

  const doRemove = async (d: TChatTopicDocument) => {
    try {
      await remove.mutateAsync(d.id);
      message.success('已移除');
    } catch (e) {
      message.error(errorMessage(e, '移除失败'));
    }
  };

  if (docs.isPending) return <Skeleton.Button active size="small" className="wk-chat-docs" />;
  if (docs.isError) return <div className="wk-chat-docs wk-chat-docs-label">{errorMessage(docs.error, '加载文档失败')}</div>;
  const list = docs.data ?? [];
  return (
    <div className="wk-chat-docs" aria-label="问答文档" role="list">
      <span className="wk-chat-docs-label">问答文档：</span>
      {list.length === 0 && <span className="wk-chat-docs-label">没有文档了，回答将无据可依，请从文档页重新提问</span>}
      {list.map((d) => {
        const tag = (
          <Tag
            key={d.id}
            role="listitem"
            data-testid="chat-topic-document"
            className={`wk-chat-doc-tag${d.available ? '' : ' is-unavailable'}`}
            color={d.available ? 'blue' : undefined}
            icon={<FileTextOutlined />}
            variant="filled"
          >
            {d.available ? (
              <Link to={documentHref(d)} title={d.title} target="_blank" rel="noopener">
                {d.title}
              </Link>
            ) : (
              <a aria-disabled="true" title={`${d.title}（已删除或不可用）`}>
                {d.title}
              </a>
            )}
            <Popconfirm title="移除这篇文档？" description="移除后，回答将不再参考这篇文档。" okText="移除" cancelText="取消" onConfirm={() => doRemove(d)}>
              <button type="button" className="wk-chat-doc-remove" aria-label={`移除 ${d.title}`} disabled={remove.isPending}>
                <CloseOutlined />
              </button>
            </Popconfirm>
          </Tag>
        );
        return d.available ? (
          tag
        ) : (
          <Tooltip key={d.id} title="文档已删除或不可用，回答不再参考它">
            {tag}
          </Tooltip>
        );
      })}
    </div>
  );
}
