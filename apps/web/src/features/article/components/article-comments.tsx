import { useState } from 'react';
import { App, Button, Empty, Input, Pagination, Skeleton, Tag } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import dayjs from 'dayjs';
import { relativeTime } from '@wenku/contracts/format';
import type { TComment } from '@wenku/contracts/schemas';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useSession } from '../../../app/session';
import { loginRedirect } from '../../../app/access';
import { UserAvatar } from '../../user/components/user-avatar';
import { ARTICLE_COMMENT_SIZE, articleKeys, useArticleComments } from '../api';

/** Comments on an article: the shared comment system with type 1. */
export function ArticleComments({ articleId, count }: { articleId: number; count: number }) {
  const { message } = App.useApp();
  const token = useSession((s) => s.token);
  const { pathname, search } = useLocation();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<TComment[]>([]);
  const list = useArticleComments(articleId, page);
  const qc = useQueryClient();
  const post = useMutation({
    mutationFn: () => apiClient.call(api.createComment, { body: { document_id: articleId, type: 1, parent_id: 0, content: text.trim() } }),
    onSuccess: (c) => {
      setText('');
      if (c.status === 0) {
        setPending((p) => [c, ...p]);
        message.info('评论已提交，审核通过后将公开显示');
      } else message.success('评论成功');
      setPage(1);
      void qc.invalidateQueries({ queryKey: ['article', 'comments', articleId] });
      void qc.invalidateQueries({ queryKey: articleKeys.all });
    },
    onError: (e) => message.error(errorMessage(e, '评论失败，请稍后重试')),
  });
  const comments = [...pending, ...(list.data?.comment ?? [])];
  const total = list.data?.total ?? 0;
  return (
    <section className="wk-card wk-article-comments" aria-labelledby="wk-article-comments-title">
      <h2 id="wk-article-comments-title">
        <MessageOutlined /> 评论 <small>{Math.max(total, count)}</small>
      </h2>
      {token ? (
        <div className="wk-article-comment-form">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            maxLength={2000}
            showCount
            placeholder="说说你的看法…"
            aria-label="评论内容"
          />
          <Button type="primary" loading={post.isPending} disabled={!text.trim()} onClick={() => post.mutate()}>
            发表评论
          </Button>
        </div>
      ) : (
        <div className="wk-article-comment-login">
          <Link to={loginRedirect(pathname, search)}>登录</Link> 后发表评论
        </div>
      )}
      {list.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评论，快来抢沙发吧" />
      ) : (
        <div className="wk-article-comment-list">
          {comments.map((c) => (
            <div key={`${c.status}-${c.id}`} className="wk-article-comment">
              <UserAvatar user={{ username: c.username, avatar: c.user_avatar }} size={36} />
              <div>
                <div className="wk-article-comment-head">
                  <Link to={`/user/${c.user_id}`}>{c.username || '用户'}</Link>
                  <time dateTime={c.created_at} title={dayjs(c.created_at).format('YYYY-MM-DD HH:mm')}>
                    {relativeTime(c.created_at)}
                  </time>
                  {c.status === 0 && (
                    <Tag color="orange" bordered={false}>
                      审核中
                    </Tag>
                  )}
                </div>
                <p className="wk-article-comment-text">{c.content}</p>
              </div>
            </div>
          ))}
        </div>
      )}
      {total > ARTICLE_COMMENT_SIZE && (
        <div className="wk-article-pager">
          <Pagination size="small" current={page} pageSize={ARTICLE_COMMENT_SIZE} total={total} showSizeChanger={false} onChange={setPage} />
        </div>
      )}
    </section>
  );
}
