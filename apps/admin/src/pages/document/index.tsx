import { useRef, useState, type Key } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router-dom';
import { App, Button, Divider, Space, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { DocumentStatus, type TDocument } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api, client } from '../../lib/api';
import { runReported as run, toast } from '../../lib/feedback';
import { downloadFrom } from '../../lib/open-url';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { useDocumentCategories } from '../../lib/queries';
import { useAdminSession } from '../../app/session';
import { documentColumns } from './columns';
import { DocumentForm } from './document-form';
import { ReviewForm, SetCategoryForm, SetLanguageForm } from './batch-forms';
import { canReconvert, isUnderReview } from './form-values';

type Dialog = { kind: 'edit'; record: TDocument } | { kind: 'category' | 'language' | 'review'; ids: number[]; title?: string; record?: TDocument } | null;

export default function DocumentListPage() {
  const { modal } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const categories = useDocumentCategories().data ?? [];
  const credit = useAdminSession().settings?.system?.credit_name;
  const creditName = typeof credit === 'string' && credit ? credit : '积分';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [searchParams] = useSearchParams();
  const initialWd = searchParams.get('wd') ?? undefined;
  const close = (open: boolean) => !open && setDialog(null);
  const reload = () => actionRef.current?.reload();
  const done = () => {
    actionRef.current?.clearSelected?.();
    reload();
  };
  const ids = (keys: readonly Key[]) => keys.map(Number);

  const recommend = async (docIds: number[], on: boolean) => {
    if (await run(() => client.call(api.setDocumentRecommend, { body: { id: docIds, type: on ? 1 : 0 } }))) done();
  };
  const reconvert = (docIds: number[], title?: string) =>
    modal.confirm({
      title: '重新转换文档',
      content: `将${title ? `「${title}」` : `选中的 ${docIds.length} 篇文档`}重新加入转换队列，转换期间前台暂不可预览。已禁用或审核中的文档会被跳过。`,
      okText: '重新转换',
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await client.call(api.reconvertDocuments, { body: { id: docIds } });
          toast.success(res.count ? `已将 ${res.count} 篇文档加入转换队列` : '没有需要重新转换的文档');
          done();
        } catch (err) {
          toast.fail(err);
        }
      },
    });
  const reconvertAllFailed = () =>
    modal.confirm({
      title: '重新转换全部失败文档',
      content: '所有「转换失败」的文档都将重新加入转换队列。文档较多时需要较长时间，确定继续吗？',
      okText: '全部重新转换',
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await client.call(api.reconvertDocuments, { body: {} });
          toast.success(res.count ? `已将 ${res.count} 篇失败文档加入转换队列` : '没有转换失败的文档');
          reload();
        } catch (err) {
          toast.fail(err);
        }
      },
    });
  const setDisabled = (docs: TDocument[], disable: boolean) =>
    modal.confirm({
      title: disable ? '禁用文档' : '启用文档',
      content: disable
        ? `禁用后${docs.length > 1 ? `这 ${docs.length} 篇文档` : `「${docs[0].title}」`}在前台不可见，也不能下载。`
        : `「${docs[0].title}」将恢复为已转换状态并在前台展示；尚未转换成功的文档请使用「重新转换」。`,
      okText: disable ? '禁用' : '启用',
      okButtonProps: { danger: disable },
      cancelText: '取消',
      onOk: async () => {
        const status = disable ? DocumentStatus.Disabled : DocumentStatus.Converted;
        if (await run(() => Promise.all(docs.map((d) => client.call(api.updateDocument, { body: { id: d.id, status } }))))) done();
      },
    });
  const remove = (docIds: number[], title?: string) =>
    modal.confirm({
      title: title ? `确定删除「${title}」吗？` : `确定删除选中的 ${docIds.length} 篇文档吗？`,
      content: '删除后文档进入回收站，可在「文档回收站」中恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        if (await run(() => client.call(api.deleteDocument, { query: { id: docIds } }), '删除成功')) done();
      },
    });
  const download = async (row: TDocument) => {
    try {
      await downloadFrom(async () => (await client.call(api.downloadReviewDocument, { query: { id: row.id } })).url);
    } catch (err) {
      toast.fail(err);
    }
  };

  const columns = documentColumns({
    categories,
    creditName,
    onEdit: (record) => setDialog({ kind: 'edit', record }),
    onRecommend: (row, on) => recommend([row.id], on),
    onReview: (row) => setDialog({ kind: 'review', ids: [row.id], title: row.title, record: row }),
    onReconvert: (row) => reconvert([row.id], row.title),
    onSetCategory: (row) => setDialog({ kind: 'category', ids: [row.id], title: row.title }),
    onSetLanguage: (row) => setDialog({ kind: 'language', ids: [row.id], title: row.title }),
    onDisable: (row, disable) => setDisabled([row], disable),
    onDownload: download,
    onDelete: (row) => remove([row.id], row.title),
  });

  return (
    <AdminPage subTitle="网站的全部文档（含待审核、转换失败和已禁用的文档）">
      <ProTable<TDocument>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="文档列表"
        request={listRequest(api.listDocuments, 'document')}
        form={{ initialValues: { wd: initialWd } }}
        search={{ labelWidth: 'auto', defaultCollapsed: true, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        scroll={{ x: 1000 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, selectedRows, onCleanSelected }) => {
          const picked = ids(selectedRowKeys);
          const reviewable = selectedRows.filter(isUnderReview);
          return (
            <Space size={12} wrap separator={<Divider orientation="vertical" />}>
              <Typography.Link onClick={() => setDialog({ kind: 'category', ids: picked })}>设置分类</Typography.Link>
              <Typography.Link onClick={() => setDialog({ kind: 'language', ids: picked })}>设置语言</Typography.Link>
              <Typography.Link onClick={() => recommend(picked, true)}>推荐</Typography.Link>
              <Typography.Link onClick={() => recommend(picked, false)}>取消推荐</Typography.Link>
              {reviewable.length > 0 && (
                <Typography.Link onClick={() => setDialog({ kind: 'review', ids: reviewable.map((d) => d.id) })}>审核（{reviewable.length}）</Typography.Link>
              )}
              <Typography.Link disabled={!selectedRows.some(canReconvert)} onClick={() => reconvert(selectedRows.filter(canReconvert).map((d) => d.id))}>
                重新转换
              </Typography.Link>
              <Typography.Link onClick={() => setDisabled(selectedRows, true)}>禁用</Typography.Link>
              <Typography.Link type="danger" onClick={() => remove(picked)}>
                删除
              </Typography.Link>
              <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
            </Space>
          );
        }}
        toolBarRender={() => [
          <Button key="reconvert" icon={<SyncOutlined />} onClick={reconvertAllFailed}>
            重新转换全部失败文档
          </Button>,
        ]}
      />
      {dialog?.kind === 'edit' && <DocumentForm record={dialog.record} creditName={creditName} onOpenChange={close} onSaved={reload} />}
      {dialog?.kind === 'category' && <SetCategoryForm ids={dialog.ids} title={dialog.title} onOpenChange={close} onDone={done} />}
      {dialog?.kind === 'language' && <SetLanguageForm ids={dialog.ids} title={dialog.title} onOpenChange={close} onDone={done} />}
      {dialog?.kind === 'review' && (
        <ReviewForm
          ids={dialog.ids}
          title={dialog.title}
          onOpenChange={close}
          onDone={done}
          onDownload={dialog.record ? () => download(dialog.record!) : undefined}
        />
      )}
    </AdminPage>
  );
}
