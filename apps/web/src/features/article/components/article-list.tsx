import { Alert, Button, Empty, Pagination, Popconfirm, Skeleton, Tag, Tooltip } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined, LikeOutlined, MessageOutlined, StarOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { ARTICLE_AUDIT_OPTIONS, ArticleAudit, labelOf } from '@wenku/contracts/enums';
import { relativeTime } from '@wenku/contracts/format';
import type { TArticle } from '@wenku/contracts/schemas';
import { errorMessage } from '../../../lib/api';
import { UserAvatar } from '../../user/components/user-avatar';
import { articleHref } from '../lib/href';

export interface ArticleListProps {
  /** GET /article/list (useArticleList) */
  query: { data?: { article: TArticle[]; total: number }; isLoading: boolean; isError: boolean; error: unknown };
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** the owner's list: status, reject reason, edit and delete */
  owner?: boolean;
  onDelete?: (a: TArticle) => Promise<unknown>;
  showAuthor?: boolean;
  empty?: string;
  /** category titles by id, for tags */
  categoryTitle?: (id: number) => string | undefined;
}

function StatusTag({ a }: { a: TArticle }) {
  if (a.is_draft) return <Tag bordered={false}>草稿</Tag>;
  const color = a.status === ArticleAudit.Approved ? 'green' : a.status === ArticleAudit.Rejected ? 'red' : 'orange';
  return (
    <Tag color={color} bordered={false}>
      {labelOf(ARTICLE_AUDIT_OPTIONS, a.status)}
    </Tag>
  );
}

/** Articles as a list: title, summary, author, date, counts; owners also see status, reject reasons and actions. */
export function ArticleList({ query, page, size, onPage, owner, onDelete, showAuthor = true, empty = '暂无文章', categoryTitle }: ArticleListProps) {
  const articles = query.data?.article;
  const total = query.data?.total ?? 0;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error, '文章加载失败')} />;
  if (query.isLoading && !articles) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!articles?.length) return <Empty className="wk-article-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div className="wk-article-list">
      {articles.map((a) => (
        <article key={a.id} className="wk-article-item">
          <div className="wk-article-item-main">
            <h3 className="wk-article-item-title">
              {a.is_recommend && (
                <Tooltip title="推荐">
                  <LikeOutlined className="wk-article-recommend" />
                </Tooltip>
              )}
              <Link to={owner && a.is_draft ? `/post?id=${a.id}` : articleHref(a)}>{a.title}</Link>
              {owner && <StatusTag a={a} />}
            </h3>
            {owner && a.status === ArticleAudit.Rejected && a.reject_reason && !a.is_draft && (
              <div className="wk-article-reject">未通过原因：{a.reject_reason}</div>
            )}
            {a.description && <p className="wk-article-item-desc">{a.description}</p>}
            <div className="wk-article-item-meta">
              {showAuthor && (
                <Link to={`/user/${a.user_id}`} className="wk-article-author">
                  <UserAvatar user={{ username: a.username ?? '', avatar: a.user_avatar ?? '' }} size={20} />
                  <span>{a.username}</span>
                </Link>
              )}
              <span title={dayjs(a.created_at).format('YYYY-MM-DD HH:mm')}>
                <ClockCircleOutlined /> {relativeTime(a.created_at)}
              </span>
              <span>
                <EyeOutlined /> {a.view_count}
              </span>
              <span>
                <MessageOutlined /> {a.comment_count}
              </span>
              <span>
                <StarOutlined /> {a.favorite_count}
              </span>
              {categoryTitle &&
                a.category_id.map((id) => {
                  const t = categoryTitle(id);
                  return t ? (
                    <Link key={id} to={`/article?category_id=${id}`}>
                      <Tag bordered={false} color="blue">
                        {t}
                      </Tag>
                    </Link>
                  ) : null;
                })}
              {owner && (
                <span className="wk-article-actions">
                  <Link to={`/post?id=${a.id}`}>
                    <Button size="small" type="link" icon={<EditOutlined />}>
                      编辑
                    </Button>
                  </Link>
                  {onDelete && (
                    <Popconfirm title="删除这篇文章？" description="删除后可由管理员在回收站恢复" okText="删除" cancelText="取消" onConfirm={() => onDelete(a)}>
                      <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                        删除
                      </Button>
                    </Popconfirm>
                  )}
                </span>
              )}
            </div>
          </div>
        </article>
      ))}
      {total > size && (
        <div className="wk-article-pager">
          <Pagination current={page} pageSize={size} total={total} showSizeChanger={false} onChange={onPage} />
        </div>
      )}
    </div>
  );
}
