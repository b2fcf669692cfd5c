import { useRef, useState, type Key } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Form, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { SPIDER_DOCUMENT_STATUS_OPTIONS, SUPPORTED_DOCUMENT_EXTS, ZSpiderDocument, formatBytes, toValueEnum, type TSpiderDocument } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { CategoryTreeSelect } from '../../components/category-tree-select';
import { col, muted, useCrudActions } from '../../components/crud';
import { FileTypeTag } from '../../components/file-type-tag';
import { DeleteLink } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest, type ProTableParams } from '../../lib/pro-table';
import { siteUrl } from '../../lib/session';
import { ErrorText } from './error-text';
import { canPublish, canRetry, documentsBusy, POLL_MS } from './lib';

/**
 * /spider/document (采集文档): every document link the collector found, on its way from 待处理 through download to
 * 已发布, with its source page, size, hash and error; publish (optionally into other categories), retry, delete.
 * `?spider_url_id=` narrows the list to one start URL (the link from 采集网址).
 */
export default function SpiderDocumentPage() {
  const [params] = useSearchParams();
  const spiderUrlId = Number(params.get('spider_url_id')) || undefined;
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [publishing, setPublishing] = useState<number[] | null>(null);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const reload = () => void actionRef.current?.reload();
  const { run, remove, pending } = useCrudActions({ onSuccess: reload, remove: api.deleteSpiderDocuments });
  const clear = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
  };
  const retry = (ids: number[]) => run(api.retrySpiderDocuments, { body: { id: ids } }, { success: '已重新加入队列', error: '重试失败' }).then(clear);
  const publish = async () => {
    if (!publishing) return;
    const ok = await run(
      api.publishSpiderDocuments,
      { body: { id: publishing, ...(categoryIds.length ? { category_id: categoryIds } : {}) } },
      { success: '已加入发布队列', error: '发布失败' },
    );
    if (ok) {
      setPublishing(null);
      setCategoryIds([]);
      clear();
    }
  };
  const request = listRequest(api.listSpiderDocuments, 'spider_document', { row: ZSpiderDocument, base: spiderUrlId ? { spider_url_id: spiderUrlId } : {} });

  const columns: ProColumns<TSpiderDocument>[] = [
    col.keyword<TSpiderDocument>('标题或网址包含'),
    col.id<TSpiderDocument>(),
    {
      title: '标题',
      dataIndex: 'title',
      width: 240,
      search: false,
      render: (_, row) => (
        <Space size={6}>
          <FileTypeTag ext={row.ext || 'other'} />
          {row.document_uuid ? (
            <Typography.Link
              href={siteUrl(`/document/${encodeURIComponent(row.document_uuid)}`)}
              target="_blank"
              rel="noreferrer"
              ellipsis
              style={{ maxWidth: 180 }}
            >
              {row.title}
            </Typography.Link>
          ) : (
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>
              {row.title}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: toValueEnum(SPIDER_DOCUMENT_STATUS_OPTIONS),
      fieldProps: { placeholder: '全部状态' },
    },
    {
      title: '类型',
      dataIndex: 'ext',
      width: 80,
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(SUPPORTED_DOCUMENT_EXTS.map((e) => [e, { text: e }])),
      fieldProps: { placeholder: '全部类型' },
    },
    { title: '错误信息', dataIndex: 'error', width: 260, search: false, render: (_, row) => <ErrorText text={row.error} /> },
    {
      title: '文档网址',
      dataIndex: 'url',
      width: 240,
      search: false,
      render: (_, row) => (
        <Typography.Link href={row.url} target="_blank" rel="noreferrer noopener" ellipsis style={{ maxWidth: 220 }}>
          {row.url}
        </Typography.Link>
      ),
    },
    {
      title: '来源页面',
      dataIndex: 'source_url',
      width: 200,
      search: false,
      render: (_, row) =>
        row.source_url ? (
          <Typography.Link href={row.source_url} target="_blank" rel="noreferrer noopener" ellipsis style={{ maxWidth: 180 }}>
            {row.source_url}
          </Typography.Link>
        ) : (
          muted
        ),
    },
    { title: '大小', dataIndex: 'size', width: 90, align: 'right', search: false, render: (_, row) => (row.size ? formatBytes(row.size) : muted) },
    {
      title: '哈希',
      dataIndex: 'hash',
      width: 120,
      search: false,
      render: (_, row) =>
        row.hash ? (
          <Typography.Text code copyable={{ text: row.hash }} title={row.hash}>
            {row.hash.slice(0, 8)}
          </Typography.Text>
        ) : (
          muted
        ),
    },
    { title: '采集网址', dataIndex: 'spider_url_id', width: 90, search: false, render: (_, row) => <Tag>#{row.spider_url_id}</Tag> },
    { title: '更新时间', dataIndex: 'updated_at', valueType: 'dateTime', width: 172, search: false },
    col.option<TSpiderDocument>(150, (row) => [
      canPublish(row) ? (
        <a key="publish" onClick={() => setPublishing([row.id])}>
          发布
        </a>
      ) : null,
      canRetry(row) ? (
        <a key="retry" onClick={() => retry([row.id])}>
          重试
        </a>
      ) : null,
      <DeleteLink key="del" description="已发布的文档不受影响。" onConfirm={() => remove([row.id])} />,
    ]),
  ];

  return (
    <AdminPage subTitle={spiderUrlId ? `采集网址 #${spiderUrlId} 找到的文档` : '采集到的文档：下载时与用户上传一样检查大小、类型和哈希，发布后转换、索引'}>
      <ProTable<TSpiderDocument, ProTableParams>
        rowKey="id"
        actionRef={actionRef}
        headerTitle="采集文档"
        columns={columns}
        key={spiderUrlId ?? 0}
        request={async (p) => {
          const res = await request(p);
          setBusy(documentsBusy(res.data));
          return res;
        }}
        polling={busy ? POLL_MS : undefined}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        tableAlertOptionRender={() => (
          <Space size={16}>
            <Typography.Link onClick={() => setPublishing(selected.map(Number))}>发布选中</Typography.Link>
            <Typography.Link onClick={() => retry(selected.map(Number))}>重试选中</Typography.Link>
            <Popconfirm
              title={`确定删除选中的 ${selected.length} 项吗？`}
              description="已发布的文档不受影响。"
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(selected).then(clear)}
            >
              <Typography.Link type="danger">批量删除</Typography.Link>
            </Popconfirm>
            <Typography.Link onClick={clear}>取消选择</Typography.Link>
          </Space>
        )}
      />
      <Modal
        open={!!publishing}
        title={`发布 ${publishing?.length ?? 0} 篇采集文档`}
        okText="发布"
        cancelText="取消"
        confirmLoading={pending}
        onOk={() => void publish()}
        onCancel={() => setPublishing(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="发布到分类" extra="不选则发布到采集网址设置的分类；只有已下载（或发布失败）的文档会被发布">
            <CategoryTreeSelect value={categoryIds} onChange={(v) => setCategoryIds((v as number[] | undefined) ?? [])} placeholder="不选则用采集网址的分类" />
          </Form.Item>
        </Form>
      </Modal>
    </AdminPage>
  );
}
