import { useState } from 'react';
import { ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Button, Image, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { BANNER_KIND_OPTIONS, UPLOAD_IMAGE_PATHS, ZBanner, labelOf, toValueEnum, type TBanner } from '@wenku/contracts';
import { CrudPage, TextAreaField, crudForm, saveBoth, col } from '../../components/crud';
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

const toBody = (v: FormValues) => ({
  title: v.title.trim(),
  path: (v.path ?? '').trim(),
  url: (v.url ?? '').trim(),
  sort: v.sort ?? 0,
  enable: !!v.enable,
  type: Number(v.type) as 0 | 1 | 2,
  description: v.description ?? '',
});

const form = crudForm<TBanner, FormValues>({
  noun: '横幅',
  width: 640,
  initialValues: (r) => r ?? { title: '', path: '', type: 0, enable: true, sort: 0, url: '', description: '' },
  ...saveBoth(api.createBanner, api.updateBanner, toBody),
  fields: () => (
    <>
      <ProFormText name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请输入横幅名称' }]} fieldProps={{ maxLength: 128 }} />
      <ProFormSelect name="type" label="类型" options={BANNER_KIND_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} allowClear={false} />
      <ProForm.Item name="path" label="图片" rules={[{ required: true, message: '请上传横幅图片' }]}>
        <BannerImageInput />
      </ProForm.Item>
      <ProFormText name="url" label="链接" placeholder="点击横幅跳转的地址，如 /article 或 https://…" />
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="enable" label="启用" />
      <TextAreaField name="description" label="描述" rows={[2, 4]} showCount={false} />
    </>
  ),
});

/** /admin/banner: banners for the website (home carousel), the mini program and the app. */
export default function BannerPage() {
  return (
    <CrudPage<TBanner>
      subTitle="网站首页轮播、小程序与 APP 的横幅"
      headerTitle="横幅列表"
      request={listRequest(api.listBanners, 'banner', { row: ZBanner })}
      remove={{ route: api.deleteBanner }}
      form={form}
      createText="新增横幅"
      search={{ defaultCollapsed: true }}
      table={{ scroll: { x: 1000 } }}
      columns={(c) => [
        col.keyword(),
        col.id(64),
        {
          title: '图片',
          dataIndex: 'path',
          width: 140,
          search: false,
          render: (_, r) => <Image src={apiUrl(r.path)} width={120} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={r.title} />,
        },
        { title: '名称', dataIndex: 'title', search: false, render: (_, r) => <Typography.Text strong>{r.title}</Typography.Text> },
        {
          title: '类型',
          dataIndex: 'type',
          width: 100,
          valueType: 'select',
          valueEnum: toValueEnum(BANNER_KIND_OPTIONS),
          render: (_, r) => labelOf(BANNER_KIND_OPTIONS, r.type),
        },
        col.text('链接', 'url'),
        { title: '排序', dataIndex: 'sort', width: 72, align: 'center', search: false },
        col.enable((r, enable) => c.setEnable(api.updateBanner, r.id, enable)),
        col.createdAt('创建时间', 170),
        col.option(120, (r) => [c.editLink(r), c.deleteLink(r)]),
      ]}
    />
  );
}
