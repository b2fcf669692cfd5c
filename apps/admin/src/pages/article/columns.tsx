import type { ProColumns } from '@ant-design/pro-components';
import { Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { ARTICLE_AUDIT_OPTIONS, ArticleAudit, toValueEnum, type TArticle, type TCategory } from '@wenku/contracts';
import { DeleteLink } from '../../components/table-actions';
import { articleUrl } from './shared';

export interface ArticleColumnActions {
  categories: TCategory[];
  onEdit: (row: TArticle) => void;
  onReview: (row: TArticle) => void;
  onRecommend: (row: TArticle, on: boolean) => Promise<unknown>;
  onSetCategory: (row: TArticle) => void;
  onDelete: (row: TArticle) => Promise<unknown>;
}

export function articleColumns(a: ArticleColumnActions): ProColumns<TArticle>[] {
  const title = (id: number) => a.categories.find((c) => c.id === id)?.title;
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '标题、关键词或标识' } },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    {
      title: '标题',
      dataIndex: 'title',
      width: 200,
      search: false,
      ellipsis: true,
      render: (_, row) => (
        <Space size={4}>
          {row.is_draft && <Tag>草稿</Tag>}
          <Typography.Link href={articleUrl(row.identifier)} target="_blank" rel="noopener noreferrer" title={row.title}>
            {row.title}
          </Typography.Link>
        </Space>
      ),
    },
    {
      title: '标识',
      dataIndex: 'identifier',
      width: 120,
      search: false,
      ellipsis: true,
      render: (_, row) => <Typography.Text code>{row.identifier}</Typography.Text>,
    },
    { title: '作者', dataIndex: 'username', width: 100, search: false, ellipsis: true },
    {
      title: '分类',
      dataIndex: 'category_id',
      width: 120,
      search: false,
      render: (_, row) =>
        row.category_id.length ? row.category_id.map((id) => <Tag key={id}>{title(id) ?? id}</Tag>) : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: toValueEnum(ARTICLE_AUDIT_OPTIONS),
      render: (dom, row) =>
        row.status === ArticleAudit.Rejected && row.reject_reason ? <Tooltip title={`拒绝原因：${row.reject_reason}`}>{dom}</Tooltip> : dom,
    },
    {
      title: '推荐',
      dataIndex: 'is_recommend',
      width: 80,
      align: 'center',
      valueType: 'select',
      valueEnum: { true: { text: '已推荐' }, false: { text: '未推荐' } },
      render: (_, row) => <Switch size="small" checked={row.is_recommend} onChange={(on) => void a.onRecommend(row, on)} />,
    },
    { title: '浏览', dataIndex: 'view_count', width: 72, align: 'center', search: false },
    { title: '评论', dataIndex: 'comment_count', width: 72, align: 'center', search: false },
    { title: '发布时间', dataIndex: 'created_at', valueType: 'date', width: 110, search: false },
    {
      title: '操作',
      valueType: 'option',
      width: 190,
      fixed: 'right',
      render: (_, row) => [
        <a key="review" onClick={() => a.onReview(row)}>
          审核
        </a>,
        <a key="edit" onClick={() => a.onEdit(row)}>
          编辑
        </a>,
        <a key="cat" onClick={() => a.onSetCategory(row)}>
          分类
        </a>,
        <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} description="删除后进入文章回收站，可以恢复" />,
      ],
    },
  ];
}
