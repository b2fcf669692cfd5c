import { useMemo, useState } from 'react';
import { App, Button, Empty, Form, Input, Pagination, Skeleton, Tag } from 'antd';
import { MessageOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import dayjs from 'dayjs';
import { relativeTime } from '@wenku/contracts/format';
import type { TComment } from '@wenku/contracts/schemas';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useSession } from '../../../app/session';
import { loginRedirect } from '../../../app/access';
import { UserAvatar } from '../../user/components/user-avatar';
import { COMMENT_PAGE_SIZE, documentKeys, useCommentCaptcha, useComments, useReplies } from '../api';
import { useSettings } from '../../settings/api';

interface FormValues {
  content: string;
  captcha?: string;
}

/** The comment box (POST /comment); with a captcha when settings.security.enable_captcha_comment is on. */
function CommentForm({
  documentId,
  parentId = 0,
  replyTo,
  mention,
  autoFocus,
  onPosted,
  onCancel,
}: {
  documentId: number;
  parentId?: number;
  replyTo?: string;
  /** replying to a reply: the text starts with 回复 @name： (replies are one level deep) */
  mention?: boolean;
  autoFocus?: boolean;
  onPosted: (c: TComment) => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const captchaOn = useSettings().security.enable_captcha_comment;
  const captcha = useCommentCaptcha(captchaOn);
  const needCaptcha = captchaOn && captcha.data?.enable === true;
  const qc = useQueryClient();
  const post = useMutation({
    mutationFn: (v: FormValues) =>
      apiClient.call(api.createComment, {
        body: {
          document_id: documentId,
          parent_id: parentId,
          type: 0,
          content: replyTo && mention ? `回复 @${replyTo}：${v.content.trim()}` : v.content.trim(),
          ...(needCaptcha ? { captcha: v.captcha?.trim(), captcha_id: captcha.data?.id } : {}),
        },
      }),
    onSuccess: (c) => {
      form.resetFields();
      if (c.status === 0) message.info('评论已提交，审核通过后将公开显示');
      else message.success('评论成功');
      onPosted(c);
      void qc.invalidateQueries({ queryKey: documentKeys.commentsOf(documentId) });
      void qc.invalidateQueries({ queryKey: documentKeys.repliesOf(documentId) });
      void qc.invalidateQueries({ queryKey: documentKeys.details });
    },
    onError: (e) => message.error(errorMessage(e, '评论失败，请稍后重试')),
    onSettled: () => {
      if (needCaptcha) void captcha.refetch();
    },
  });
  return (
    <Form form={form} className="wk-comment-form" onFinish={(v) => post.mutate(v)} requiredMark={false}>
      <Form.Item name="content" rules={[{ required: true, whitespace: true, message: '请输入评论内容' }]}>
        <Input.TextArea
          autoFocus={autoFocus}
          rows={replyTo ? 2 : 3}
          maxLength={2000}
          showCount
          placeholder={replyTo ? `回复 @${replyTo}` : '说说你对这篇文档的看法…'}
          aria-label={replyTo ? `回复 ${replyTo}` : '评论内容'}
        />
      </Form.Item>
      <div className="wk-comment-form-foot">
        {needCaptcha ? (
          <Form.Item name="captcha" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]} className="wk-comment-captcha">
            <Input
              prefix={<SafetyOutlined />}
              placeholder="验证码"
              autoComplete="off"
              suffix={
                captcha.data?.captcha ? (
                  <img className="wk-captcha-img" src={captcha.data.captcha} alt="验证码" title="看不清？换一张" onClick={() => void captcha.refetch()} />
                ) : null
              }
            />
          </Form.Item>
        ) : (
          <span />
        )}
        <div className="wk-comment-form-buttons">
          {onCancel && <Button onClick={onCancel}>取消</Button>}
          <Button type="primary" htmlType="submit" loading={post.isPending}>
            {replyTo ? '发表回复' : '发表评论'}
          </Button>
        </div>
      </div>
    </Form>
  );
}

function CommentBody({ c, pending }: { c: TComment; pending?: boolean }) {
  return (
    <>
      <div className="wk-comment-head">
        <Link to={`/user/${c.user_id}`} className="wk-comment-user">
          {c.username || '用户'}
        </Link>
        <time dateTime={c.created_at} title={dayjs(c.created_at).format('YYYY-MM-DD HH:mm')}>
          {relativeTime(c.created_at)}
        </time>
        {pending && (
          <Tag color="orange" bordered={false}>
            评论审核中
          </Tag>
        )}
      </div>
      <p className="wk-comment-content">{c.content}</p>
    </>
  );
}

/** Comments of a document: the box, the list (top level paged, replies one level deep), and pending ones of this visit. */
export function DocumentComments({ documentId, count }: { documentId: number; count: number }) {
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<{ parent: number; to: string; mention: boolean } | null>(null);
  const [pending, setPending] = useState<TComment[]>([]);
  const token = useSession((s) => s.token);
  const { pathname, search } = useLocation();
  const list = useComments(documentId, page);
  const comments = useMemo(() => list.data?.comment ?? [], [list.data]);
  const parentIds = useMemo(() => comments.map((c) => c.id), [comments]);
  const replies = useReplies(documentId, parentIds);
  const total = list.data?.total ?? 0;

  const onPosted = (c: TComment) => {
    if (c.status === 0) setPending((p) => [c, ...p]);
    setReplying(null);
    if (c.parent_id === 0) setPage(1);
  };

  return (
    <section className="wk-card wk-comments" aria-labelledby="wk-comments-title">
      <h2 id="wk-comments-title">
        <MessageOutlined /> 文档评论 <small>{Math.max(count, total)}</small>
      </h2>
      {token ? (
        <CommentForm documentId={documentId} onPosted={onPosted} />
      ) : (
        <div className="wk-comment-login">
          <Link to={loginRedirect(pathname, search)}>登录</Link> 后发表评论
        </div>
      )}
      {pending
        .filter((c) => c.parent_id === 0)
        .map((c) => (
          <div key={`p${c.id}`} className="wk-comment is-pending">
            <UserAvatar user={{ username: c.username, avatar: c.user_avatar }} size={36} />
            <div className="wk-comment-main">
              <CommentBody c={c} pending />
            </div>
          </div>
        ))}
      {list.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : comments.length === 0 ? (
        pending.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评论，快来抢沙发吧" />
      ) : (
        <div className="wk-comment-list">
          {comments.map((c) => {
            const kids = [...(replies.data?.get(c.id) ?? []), ...pending.filter((p) => p.parent_id === c.id)];
            return (
              <div key={c.id} className="wk-comment">
                <UserAvatar user={{ username: c.username, avatar: c.user_avatar }} size={36} />
                <div className="wk-comment-main">
                  <CommentBody c={c} />
                  {token && (
                    <button type="button" className="wk-comment-reply" onClick={() => setReplying({ parent: c.id, to: c.username, mention: false })}>
                      回复
                    </button>
                  )}
                  {kids.length > 0 && (
                    <div className="wk-comment-replies">
                      {kids.map((r) => (
                        <div key={r.id} className="wk-comment is-reply">
                          <UserAvatar user={{ username: r.username, avatar: r.user_avatar }} size={28} />
                          <div className="wk-comment-main">
                            <CommentBody c={r} pending={r.status === 0} />
                            {token && (
                              <button type="button" className="wk-comment-reply" onClick={() => setReplying({ parent: c.id, to: r.username, mention: true })}>
                                回复
                              </button>
                            )}
                          </div>
                        </div>
                      ))}
                    </div>
                  )}
                  {replying?.parent === c.id && (
                    <CommentForm
                      documentId={documentId}
                      parentId={c.id}
                      replyTo={replying.to}
                      mention={replying.mention}
                      autoFocus
                      onPosted={onPosted}
                      onCancel={() => setReplying(null)}
                    />
                  )}
                </div>
              </div>
            );
          })}
        </div>
      )}
      {total > COMMENT_PAGE_SIZE && (
        <div className="wk-comment-pager">
          <Pagination size="small" current={page} pageSize={COMMENT_PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPage} />
        </div>
      )}
    </section>
  );
}
