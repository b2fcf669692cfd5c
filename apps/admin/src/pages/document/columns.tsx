import type { ProColumns } from '@ant-design/pro-components';
import { Badge, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined, ExclamationCircleFilled, StarFilled } from '@ant-design/icons';
import { DOCUMENT_STATUS_OPTIONS, DocumentStatus, FILE_TYPE_OPTIONS, formatBytes, toValueEnum, type TCategory, type TDocument } from '@wenku/contracts';
import { CategoryTreeSelect, categoryTitles } from '../../components/category-tree-select';
import { FileTypeTag } from '../../components/file-type-tag';
import { formatDateTime } from '../../lib/dates';
import { siteUrl } from '../../lib/session';
import { canReconvert, isUnderReview } from './form-values';

const BADGE: Record<string, 'success' | 'error' | 'processing' | 'warning' | 'default'> = {
  Success: 'success',
  Error: 'error',
  Processing: 'processing',
  Warning: 'warning',
  Default: 'default',
};

export function DocumentStatusBadge({ doc }: { doc: Pick<TDocument, 'status' | 'convert_error'> }) {
  const opt = DOCUMENT_STATUS_OPTIONS.find((o) => o.value === doc.status);
  const badge = <Badge status={BADGE[opt?.status ?? 'Default']} text={opt?.label ?? `状态${doc.status}`} />;
  if (!doc.convert_error) return badge;
  return (
    <Tooltip title={doc.convert_error}>
      <Space size={4} style={{ cursor: 'help' }}>
        {badge}
        <ExclamationCircleFilled style={{ color: doc.status === DocumentStatus.ReviewRejected ? '#faad14' : '#ff4d4f' }} />
      </Space>
    </Tooltip>
  );
}

export function DocumentTitle({ doc }: { doc: Pick<TDocument, 'uuid' | 'title' | 'ext' | 'is_recommend'> }) {
  return (
    <Space size={8} align="start" style={{ minWidth: 0 }}>
      <FileTypeTag ext={doc.ext} />
      <Typography.Link href={siteUrl(`/document/${doc.uuid}`)} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 230 }} title={doc.title}>
        {doc.title}
      </Typography.Link>
      {doc.is_recommend && (
        <Tooltip title="已推荐">
          <StarFilled style={{ color: '#faad14' }} />
        </Tooltip>
      )}
    </Space>
  );
}

export interface DocumentColumnActions {
  categories: TCategory[];
  creditName: string;
  onEdit: (row: TDocument) => void;
  onRecommend: (row: TDocument, on: boolean) => void;
  onReview: (row: TDocument) => void;
  onReconvert: (row: TDocument) => void;
  onSetCategory: (row: TDocument) => void;
  onSetLanguage: (row: TDocument) => void;
  onDisable: (row: TDocument, disable: boolean) => void;
  onDownload: (row: TDocument) => void;
  onDelete: (row: TDocument) => void;
}

export function documentColumns(a: DocumentColumnActions): ProColumns<TDocument>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '标题、关键词或描述' } },
    { title: '分类', dataIndex: 'category_id', hideInTable: true, renderFormItem: () => <CategoryTreeSelect single placeholder="全部分类" /> },
    {
      title: '状态',
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      valueEnum: toValueEnum(DOCUMENT_STATUS_OPTIONS),
      fieldProps: { placeholder: '全部状态' },
    },
    {
      title: '文件类型',
      dataIndex: 'ext',
      hideInTable: true,
      valueType: 'select',
      valueEnum: toValueEnum(FILE_TYPE_OPTIONS),
      fieldProps: { placeholder: '全部类型' },
    },
    {
      title: '推荐',
      dataIndex: 'is_recommend',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: '已推荐' }, false: { text: '未推荐' } },
      fieldProps: { placeholder: '全部' },
    },
    {
      title: '文档',
      dataIndex: 'title',
      width: 200,
      search: false,
      render: (_, row) => (
        <div style={{ lineHeight: 1.5 }}>
          <DocumentTitle doc={row} />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, paddingInlineStart: 48 }}>
            ID {row.id} · {row.pages} 页 · {formatBytes(row.size)}
          </Typography.Text>
        </div>
      ),
    },
    { title: '上传者', dataIndex: 'username', width: 84, ellipsis: true, search: false, render: (_, row) => row.username || `ID ${row.user_id}` },
    {
      title: '分类',
      key: 'categories',
      width: 120,
      search: false,
      render: (_, row) => {
        const cats = categoryTitles(row.category_id, a.categories);
        return cats.length ? (
          <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
            {cats.map((c) => (
              <Tag key={c.id} style={{ marginInlineEnd: 0 }}>
                {c.title}
              </Tag>
            ))}
          </span>
        ) : (
          <Typography.Text type="secondary">未分类</Typography.Text>
        );
      },
    },
    { title: '状态', key: 'status', width: 110, search: false, render: (_, row) => <DocumentStatusBadge doc={row} /> },
    {
      title: '价格',
      dataIndex: 'price',
      width: 80,
      align: 'right',
      search: false,
      render: (_, row) =>
        row.price > 0 ? (
          <Typography.Text style={{ color: '#fa8c16' }}>
            {row.price} {a.creditName}
          </Typography.Text>
        ) : (
          <Typography.Text type="success">免费</Typography.Text>
        ),
    },
    {
      title: '浏览 / 下载',
      key: 'counts',
      width: 90,
      align: 'right',
      search: false,
      render: (_, row) => `${row.view_count.toLocaleString('zh-CN')} / ${row.download_count.toLocaleString('zh-CN')}`,
    },
    {
      title: '上传时间',
      dataIndex: 'created_at',
      width: 100,
      search: false,
      render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{formatDateTime(row.created_at).slice(0, 10)}</Tooltip>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 172,
      fixed: 'right',
      render: (_, row) => {
        const disabled = row.status === DocumentStatus.Disabled;
        return [
          <a key="edit" onClick={() => a.onEdit(row)}>
            编辑
          </a>,
          isUnderReview(row) ? (
            <a key="review" onClick={() => a.onReview(row)}>
              审核
            </a>
          ) : (
            <a key="rec" onClick={() => a.onRecommend(row, !row.is_recommend)}>
              {row.is_recommend ? '取消推荐' : '推荐'}
            </a>
          ),
          <Dropdown
            key="more"
            trigger={['click']}
            menu={{
              items: [
                ...(isUnderReview(row)
                  ? [
                      { key: 'download', label: '下载原文件', onClick: () => a.onDownload(row) },
                      { key: 'rec', label: row.is_recommend ? '取消推荐' : '推荐', onClick: () => a.onRecommend(row, !row.is_recommend) },
                    ]
                  : []),
                { key: 'category', label: '设置分类', onClick: () => a.onSetCategory(row) },
                { key: 'language', label: '设置语言', onClick: () => a.onSetLanguage(row) },
                { key: 'reconvert', label: '重新转换', disabled: !canReconvert(row), onClick: () => a.onReconvert(row) },
                { key: 'disable', label: disabled ? '启用文档' : '禁用文档', onClick: () => a.onDisable(row, !disabled) },
                { type: 'divider' as const },
                { key: 'delete', danger: true, label: '删除文档', onClick: () => a.onDelete(row) },
              ],
            }}
          >
            <a onClick={(e) => e.preventDefault()}>
              更多 <DownOutlined style={{ fontSize: 10 }} />
            </a>
          </Dropdown>,
        ];
      },
    },
  ];
}
