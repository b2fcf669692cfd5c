import type { Key } from 'react';
import { Avatar, Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { ARTICLE_AUDIT_OPTIONS, ArticleAudit, relativeTime, toValueEnum, type TComment } from '@wenku/contracts';
import { CrudPage, col, type CrudActions } from '../../components/crud';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';

/** Comments are reviewed like articles: 待审核 0, 已通过 1, 已拒绝 2. */
const COMMENT_STATUS_OPTIONS = ARTICLE_AUDIT_OPTIONS;
const COMMENT_TYPE_OPTIONS = [
  { value: 0, label: '文档' },
  { value: 1, label: '文章' },
] as const;

const BADGE = { Processing: 'processing', Success: 'success', Error: 'error' } as const;

function CommentStatus({ status }: { status: number }) {
  const o = COMMENT_STATUS_OPTIONS.find((x) => x.value === status);
  return <Badge status={o ? BADGE[o.status] : 'default'} text={o?.label ?? `状态${status}`} />;
}

/** PUT /comment/check: approve (1) or reject (2) comments. */
const check = (c: CrudActions, ids: readonly Key[], status: 1 | 2) =>
  c.run(api.checkComment, { body: { id: ids.map(Number), status } }, { success: status === 1 ? '已通过' : '已拒绝' });

export default function CommentPage() {
  return (
    <CrudPage<TComment>
      subTitle="文档与文章的全部评论；需要审核的评论通过后才在前台显示"
      headerTitle="评论列表"
      request={listRequest(api.listComments, 'comment', { base: { with_document_title: true } })}
      remove={{
        route: api.deleteComment,
        batchTitle: (n) => `确定删除选中的 ${n} 条评论吗？`,
        batchDescription: '删除后不可恢复，评论下的回复也会一并删除。',
      }}
      search={{ span: SEARCH_SPAN }}
      table={{ pagination: { defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }, scroll: { x: 1050 } }}
      batchActions={(c) => [
        { key: 'approve', label: '批量通过', run: (ids) => check(c, ids, 1) },
        { key: 'reject', label: '批量拒绝', type: 'warning', run: (ids) => check(c, ids, 2) },
      ]}
      columns={(c) => [
        col.keyword('评论内容'),
        {
          title: '评论内容',
          dataIndex: 'content',
          search: false,
          render: (_, row) => (
            <div style={{ minWidth: 0 }}>
              {row.parent_id > 0 && (
                <Tag color="default" style={{ marginBottom: 4 }}>
                  回复 #{row.parent_id}
                </Tag>
              )}
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: row.content }} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                {row.content}
              </Typography.Paragraph>
            </div>
          ),
        },
        {
          title: '评论者',
          dataIndex: 'username',
          width: 150,
          search: false,
          render: (_, row) => (
            <Space size={8}>
              <Avatar size={28} src={row.user_avatar || undefined} style={{ backgroundColor: '#1677ff', flex: 'none' }}>
                {(row.username || '?').slice(0, 1).toUpperCase()}
              </Avatar>
              <span style={{ lineHeight: 1.3 }}>
                {row.username || '（已删除）'}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  ID {row.user_id}
                </Typography.Text>
              </span>
            </Space>
          ),
        },
        {
          title: '评论对象',
          dataIndex: 'type',
          width: 220,
          valueType: 'select',
          valueEnum: toValueEnum(COMMENT_TYPE_OPTIONS),
          fieldProps: { placeholder: '全部' },
          render: (_, row) => (
            <Space size={4} style={{ minWidth: 0 }}>
              <Tag color={row.type === 0 ? 'blue' : 'purple'}>{row.type === 0 ? '文档' : '文章'}</Tag>
              <Typography.Text ellipsis={{ tooltip: row.document_title }} style={{ maxWidth: 160 }}>
                {row.document_title || `#${row.document_id}`}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 100,
          valueType: 'select',
          valueEnum: toValueEnum(COMMENT_STATUS_OPTIONS),
          fieldProps: { placeholder: '全部状态' },
          render: (_, row) => <CommentStatus status={row.status} />,
        },
        { title: '回复', dataIndex: 'comment_count', width: 64, align: 'right', search: false },
        {
          title: '时间',
          dataIndex: 'created_at',
          width: 100,
          search: false,
          render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{relativeTime(row.created_at)}</Tooltip>,
        },
        col.option(140, (row) => [
          row.status !== ArticleAudit.Approved ? (
            <a key="approve" onClick={() => check(c, [row.id], 1)}>
              通过
            </a>
          ) : null,
          row.status !== ArticleAudit.Rejected ? (
            <Typography.Link key="reject" type="warning" onClick={() => check(c, [row.id], 2)}>
              拒绝
            </Typography.Link>
          ) : null,
          c.deleteLink(row, row.comment_count > 0 ? '该评论下的回复也会一并删除。' : undefined),
        ]),
      ]}
    />
  );
}
