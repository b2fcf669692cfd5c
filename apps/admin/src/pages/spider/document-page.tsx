import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Form, Modal, Space, Tag, Typography } from 'antd';
import { SPIDER_DOCUMENT_STATUS_OPTIONS, SUPPORTED_DOCUMENT_EXTS, ZSpiderDocument, formatBytes, type TSpiderDocument } from '@wenku/contracts';
import { CategoryTreeSelect } from '../../components/category-tree-select';
import { col, muted, type CrudContext } from '../../components/crud';
import { FileTypeTag } from '../../components/file-type-tag';
import { TaskQueuePage } from '../../components/task-queue';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { siteUrl } from '../../lib/session';
import { canPublish, canRetry, documentsBusy } from './lib';

const REMOVE_NOTE = '已发布的文档不受影响。';

/** 发布: the documents picked, optionally into other categories than their start URL's. */
function PublishModal({ ids, ctx, onClose }: { ids: number[] | null; ctx: CrudContext<TSpiderDocument>; onClose: () => void }) {
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const publish = async () => {
    if (!ids) return;
    const ok = await ctx.run(
      api.publishSpiderDocuments,
      { body: { id: ids, ...(categoryIds.length ? { category_id: categoryIds } : {}) } },
      { success: '已加入发布队列', error: '发布失败' },
    );
    if (ok) {
      setCategoryIds([]);
      ctx.clearSelected();
      onClose();
    }
  };
  return (
    <Modal
      open={!!ids}
      title={`发布 ${ids?.length ?? 0} 篇采集文档`}
      okText="发布"
      cancelText="取消"
      confirmLoading={ctx.pending}
      onOk={() => void publish()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="发布到分类" extra="不选则发布到采集网址设置的分类；只有已下载（或发布失败）的文档会被发布">
          <CategoryTreeSelect value={categoryIds} onChange={(v) => setCategoryIds((v as number[] | undefined) ?? [])} placeholder="不选则用采集网址的分类" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /spider/document (采集文档): every document link the collector found, on its way from 待处理 through download to
 * 已发布, with its source page, size, hash and error; publish (optionally into other categories), retry, delete: the
 * task queue page configured for collected documents. `?spider_url_id=` narrows the list to one start URL (the link
 * from 采集网址).
 */
export default function SpiderDocumentPage() {
  const [params] = useSearchParams();
  const spiderUrlId = Number(params.get('spider_url_id')) || undefined;
  const [publishing, setPublishing] = useState<number[] | null>(null);
  const request = listRequest(api.listSpiderDocuments, 'spider_document', { row: ZSpiderDocument, base: spiderUrlId ? { spider_url_id: spiderUrlId } : {} });

  return (
    <TaskQueuePage<TSpiderDocument>
      tableKey={spiderUrlId ?? 0}
      headerTitle="采集文档"
      subTitle={spiderUrlId ? `采集网址 #${spiderUrlId} 找到的文档` : '采集到的文档：下载时与用户上传一样检查大小、类型和哈希，发布后转换、索引'}
      request={request}
      rowKey="id"
      keyword="标题或网址包含"
      status={{ options: SPIDER_DOCUMENT_STATUS_OPTIONS }}
      subject={() => [
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
      ]}
      progress={() => [
        {
          title: '类型',
          dataIndex: 'ext',
          width: 80,
          hideInTable: true,
          valueType: 'select',
          valueEnum: Object.fromEntries(SUPPORTED_DOCUMENT_EXTS.map((e) => [e, { text: e }])),
          fieldProps: { placeholder: '全部类型' },
        },
      ]}
      details={() => [
        col.link<TSpiderDocument>('文档网址', 'url', 240),
        col.link<TSpiderDocument>('来源页面', 'source_url', 200),
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
      ]}
      retry={{
        route: api.retrySpiderDocuments,
        can: canRetry,
        success: () => '已重新加入队列',
        error: '重试失败',
      }}
      rowActions={(row) => [
        canPublish(row) ? (
          <a key="publish" onClick={() => setPublishing([row.id])}>
            发布
          </a>
        ) : null,
      ]}
      batchActions={() => [
        {
          key: 'publish',
          label: '发布选中',
          run: (ids) => {
            setPublishing(ids.map(Number));
            return Promise.resolve(false);
          },
        },
      ]}
      remove={{ route: api.deleteSpiderDocuments, batchDescription: REMOVE_NOTE }}
      removeDescription={REMOVE_NOTE}
      busy={documentsBusy}
      width={1900}
    >
      {(ctx) => <PublishModal ids={publishing} ctx={ctx} onClose={() => setPublishing(null)} />}
    </TaskQueuePage>
  );
}
