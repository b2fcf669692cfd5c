import { useRef, useState } from 'react';
import { ModalForm, ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Image, Typography, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { BANNER_KIND_OPTIONS, UPLOAD_IMAGE_PATHS, ZBanner, labelOf, toValueEnum, type TBanner } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, DeleteLink, EnableSwitch, deleteByIds, saveToggle } from '../../components/table-actions';
import { ENABLE_VALUE_ENUM } from '../../components/enable-enum';
import { ImageUrlInput } from '../../components/image-url-input';
import { api, apiUrl, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';

type FormValues = Pick<TBanner, 'title' | 'path' | 'url' | 'sort' | 'enable' | 'type' | 'description'>;

/** The image field: a URL, or an upload to POST /upload/banner. */
function BannerImageInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <ImageUrlInput value={value} onChange={onChange} placeholder="图片地址，或点击下方上传" />
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={async (file) => {
          setBusy(true);
          try {
            const form = new FormData();
            form.append('file', file);
            const res = await client.upload<{ data: { url?: string } }>(UPLOAD_IMAGE_PATHS.banner, form);
            if (res.data.url) onChange?.(res.data.url);
            toast.success('上传成功');
          } catch (err) {
            toast.fail(err, '上传失败');
          } finally {
            setBusy(false);
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} style={{ marginTop: 8 }}>
          上传图片
        </Button>
      </Upload>
    </div>
  );
}

function BannerForm({ record, onOpenChange, onSaved }: { record?: TBanner; onOpenChange: (o: boolean) => void; onSaved: () => void }) {
  return (
    <ModalForm<FormValues>
      title={record ? '编辑横幅' : '新增横幅'}
      open
      width={640}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      onOpenChange={onOpenChange}
      initialValues={record ?? { type: 0, enable: true, sort: 0, url: '', description: '' }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = { title: v.title.trim(), path: (v.path ?? '').trim(), url: (v.url ?? '').trim(), sort: v.sort ?? 0, enable: !!v.enable, type: Number(v.type) as 0 | 1 | 2, description: v.description ?? '' };
        try {
          if (record) await client.call(api.updateBanner, { body: { id: record.id, ...body } });
          else await client.call(api.createBanner, { body });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormText name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请输入横幅名称' }]} fieldProps={{ maxLength: 128 }} />
      <ProFormSelect name="type" label="类型" options={BANNER_KIND_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} allowClear={false} />
      <ProForm.Item name="path" label="图片" rules={[{ required: true, message: '请上传横幅图片' }]}>
        <BannerImageInput />
      </ProForm.Item>
      <ProFormText name="url" label="链接" placeholder="点击横幅跳转的地址，如 /article 或 https://…" />
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="enable" label="启用" />
      <ProFormTextArea name="description" label="描述" fieldProps={{ maxLength: 255, autoSize: { minRows: 2, maxRows: 4 } }} />
    </ModalForm>
  );
}

/** /admin/banner: banners for the website (home carousel), the mini program and the app. */
export default function BannerPage() {
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<{ record?: TBanner } | null>(null);
  const reload = () => actionRef.current?.reload();
  const columns: ProColumns<TBanner>[] = [
    { title: '关键词', dataIndex: 'wd', hideInTable: true },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    { title: '图片', dataIndex: 'path', width: 140, search: false, render: (_, r) => <Image src={apiUrl(r.path)} width={120} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={r.title} /> },
    { title: '名称', dataIndex: 'title', search: false, render: (_, r) => <Typography.Text strong>{r.title}</Typography.Text> },
    { title: '类型', dataIndex: 'type', width: 100, valueType: 'select', valueEnum: toValueEnum(BANNER_KIND_OPTIONS), render: (_, r) => labelOf(BANNER_KIND_OPTIONS, r.type) },
    { title: '链接', dataIndex: 'url', ellipsis: true, search: false, render: (_, r) => r.url || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '排序', dataIndex: 'sort', width: 72, align: 'center', search: false },
    {
      title: '状态', dataIndex: 'enable', width: 96, align: 'center', valueType: 'select', valueEnum: ENABLE_VALUE_ENUM,
      render: (_, r) => <EnableSwitch checked={r.enable} onChange={(enable) => saveToggle(() => client.call(api.updateBanner, { body: { id: r.id, enable } }), enable, reload)} />,
    },
    { title: '创建时间', dataIndex: 'created_at', valueType: 'dateTime', width: 170, search: false },
    {
      title: '操作', valueType: 'option', width: 120, fixed: 'right',
      render: (_, r) => [<a key="edit" onClick={() => setEditing({ record: r })}>编辑</a>, <DeleteLink key="del" onConfirm={async () => (await deleteByIds(api.deleteBanner, [r.id])) && reload()} />],
    },
  ];
  return (
    <AdminPage subTitle="网站首页轮播、小程序与 APP 的横幅">
      <ProTable<TBanner>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="横幅列表"
        request={listRequest(api.listBanners, 'banner', { row: ZBanner })}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10 }}
        scroll={{ x: 1000 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar count={selectedRowKeys.length} onClear={onCleanSelected} onDelete={async () => { if (await deleteByIds(api.deleteBanner, selectedRowKeys)) { onCleanSelected(); reload(); } }} />
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增横幅
          </Button>,
        ]}
      />
      {editing && <BannerForm record={editing.record} onOpenChange={(o) => !o && setEditing(null)} onSaved={reload} />}
    </AdminPage>
  );
}
