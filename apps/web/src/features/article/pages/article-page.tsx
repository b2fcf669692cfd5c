import { Alert, App, Button, Result, Skeleton, Space, Tag } from 'antd';
import { ClockCircleOutlined, EditOutlined, EyeOutlined, FileWordOutlined, LinkOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { ArticleAudit, type AdvertisementPosition } from '@wenku/contracts/enums';
import { Page } from '../../../app/shell/page';
import { useSession } from '../../../app/session';
import { loginRedirect } from '../../../app/access';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';
import { UserAvatar } from '../../user/components/user-avatar';
import { articleKeys, useArticleDetail, useExportDocx, useRelatedArticles } from '../api';
import { articleHref } from '../lib/href';
import { ArticleComments } from '../components/article-comments';
import { MarkdownView } from '../components/markdown-view';
import '../article.css';

const AD_POSITIONS: AdvertisementPosition[] = ['document_top', 'document_bottom'];

/** /article/{id or identifier}: the rendered article, author, date, views, favourite, export, related, comments, ads. */
export default function ArticlePage() {
  const key = useParams().id ?? '';
  const { message } = App.useApp();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const me = useSession((s) => s.user);
  const q = useArticleDetail(key);
  const a = q.data;
  const related = useRelatedArticles(a && a.status === ArticleAudit.Approved && !a.is_draft ? a.id : undefined);
  const ads = usePositionAds(AD_POSITIONS).data;
  const qc = useQueryClient();
  const { exporting, exportDocx } = useExportDocx();
  const fav = useMutation({
    mutationFn: async () => {
      if (!a) return;
      if (a.is_favorite) {
        const f = await apiClient.call(api.getFavorite, { query: { document_id: a.id, type: 1 } });
        if (f.favorite) await apiClient.call(api.deleteFavorite, { query: { id: [f.favorite.id] } });
      } else {
        await apiClient.call(api.createFavorite, { body: { document_id: a.id, type: 1 } });
      }
    },
    onSuccess: () => {
      message.success(a?.is_favorite ? '已取消收藏' : '收藏成功');
      void qc.invalidateQueries({ queryKey: articleKeys.all });
    },
    onError: (e) => message.error(errorMessage(e, '操作失败')),
  });

  if (q.isPending) {
    return (
      <Page>
        <div className="wk-card wk-article-detail">
          <Skeleton active title paragraph={{ rows: 12 }} />
        </div>
      </Page>
    );
  }
  if (q.isError || !a) {
    return (
      <Page title="文章不存在">
        <div className="wk-card">
          <Result status="404" title="文章不存在或已被删除" subTitle={errorMessage(q.error, '')} extra={<Link to="/article">返回文章列表</Link>} />
        </div>
      </Page>
    );
  }
  const mine = me?.id === a.user_id;
  return (
    <Page
      title={a.title}
      crumbs={[
        { title: '文章资讯', to: '/article' },
        ...(a.category[0] ? [{ title: a.category[0].title, to: `/article?category_id=${a.category[0].id}` }] : []),
        { title: a.title },
      ]}
    >
      <div className="wk-article-layout">
        <div className="wk-article-main">
          <AdSlot position="document_top" ads={ads} />
          <article className="wk-card wk-article-detail">
            {a.is_draft ? (
              <Alert type="info" showIcon title="这是一篇草稿，只有你能看到。" action={<Link to={`/post?id=${a.id}`}>继续编辑</Link>} />
            ) : a.status === ArticleAudit.Pending ? (
              <Alert type="warning" showIcon title="文章正在审核中，审核通过后将公开显示。" />
            ) : a.status === ArticleAudit.Rejected ? (
              <Alert
                type="error"
                showIcon
                title="文章审核未通过"
                description={a.reject_reason ? `原因：${a.reject_reason}` : undefined}
                action={mine ? <Link to={`/post?id=${a.id}`}>修改后重新提交</Link> : undefined}
              />
            ) : null}
            <h1 className="wk-article-title">{a.title}</h1>
            <div className="wk-article-meta">
              <Link to={`/user/${a.user_id}`} className="wk-article-author">
                <UserAvatar user={{ username: a.username ?? '', avatar: a.user_avatar ?? '' }} size={28} />
                <span>{a.username}</span>
              </Link>
              <span title="发布时间">
                <ClockCircleOutlined /> {dayjs(a.created_at).format('YYYY-MM-DD HH:mm')}
              </span>
              <span title="浏览">
                <EyeOutlined /> {a.view_count}
              </span>
              {a.category.map((c) => (
                <Link key={c.id} to={`/article?category_id=${c.id}`}>
                  <Tag color="blue" bordered={false}>
                    {c.title}
                  </Tag>
                </Link>
              ))}
            </div>
            {a.description && <p className="wk-article-summary">{a.description}</p>}
            <MarkdownView html={a.content_html} className="wk-article-body" />
            {a.keywords && (
              <div className="wk-article-keywords">
                {a.keywords
                  .split(/[,，]/)
                  .filter(Boolean)
                  .map((k) => (
                    <Link key={k} to={`/search?wd=${encodeURIComponent(k)}&type=1`}>
                      <Tag>{k}</Tag>
                    </Link>
                  ))}
              </div>
            )}
            <div className="wk-article-actions-bar">
              <Space wrap>
                <Button
                  icon={a.is_favorite ? <StarFilled /> : <StarOutlined />}
                  type={a.is_favorite ? 'primary' : 'default'}
                  loading={fav.isPending}
                  onClick={() => (token ? fav.mutate() : navigate(loginRedirect(`/article/${key}`)))}
                >
                  {a.is_favorite ? '已收藏' : '收藏'} {a.favorite_count > 0 ? a.favorite_count : ''}
                </Button>
                <Button icon={<FileWordOutlined />} loading={exporting} onClick={() => void exportDocx(a.title, a.content)}>
                  导出 Word
                </Button>
                <Button
                  icon={<LinkOutlined />}
                  onClick={() => {
                    void navigator.clipboard?.writeText(window.location.href).then(
                      () => message.success('链接已复制'),
                      () => message.error('复制失败'),
                    );
                  }}
                >
                  复制链接
                </Button>
                {(mine || a.is_draft) && (
                  <Link to={`/post?id=${a.id}`}>
                    <Button icon={<EditOutlined />}>编辑</Button>
                  </Link>
                )}
              </Space>
            </div>
          </article>
          <AdSlot position="document_bottom" ads={ads} />
          {a.status === ArticleAudit.Approved && !a.is_draft && <ArticleComments articleId={a.id} count={a.comment_count} />}
        </div>
        <aside className="wk-article-side">
          <div className="wk-card wk-article-side-card wk-article-author-card">
            <UserAvatar user={{ username: a.username ?? '', avatar: a.user_avatar ?? '' }} size={48} />
            <div>
              <Link to={`/user/${a.user_id}`}>{a.username}</Link>
              <div className="wk-article-author-links">
                <Link to={`/user/${a.user_id}/article`}>TA 的文章</Link>
              </div>
            </div>
          </div>
          {!!related.data?.length && (
            <div className="wk-card wk-article-side-card">
              <h3>相关文章</h3>
              <ol className="wk-article-side-list">
                {related.data.map((r, i) => (
                  <li key={r.id}>
                    <span className={`wk-rank wk-rank-${i + 1}`}>{i + 1}</span>
                    <Link to={articleHref(r)} title={r.title}>
                      {r.title}
                    </Link>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </aside>
      </div>
    </Page>
  );
}
