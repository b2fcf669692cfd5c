import { ProFormText } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { ZFriendlink, type TFriendlink } from '@wenku/contracts';
import { CrudPage, EnableField, SortField, TextAreaField, crudForm, saveBoth, col, RequiredTextField } from '../../components/crud';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';

interface FriendlinkFormValues {
  title: string;
  link: string;
  description: string;
  sort: number;
  enable: boolean;
}

const toBody = (v: FriendlinkFormValues) => ({
  title: v.title.trim(),
  link: v.link.trim(),
  description: v.description ?? '',
  sort: v.sort ?? 0,
  enable: !!v.enable,
});

const form = crudForm<TFriendlink, FriendlinkFormValues>({
  noun: '友情链接',
  initialValues: (r) =>
    r
      ? { title: r.title, link: r.link, description: r.description ?? '', sort: r.sort ?? 0, enable: r.enable ?? true }
      : { title: '', link: 'https://', description: '', sort: 0, enable: true },
  ...saveBoth(api.createFriendlink, api.updateFriendlink, toBody),
  fields: () => (
    <>
      <RequiredTextField name="title" label="名称" message="请输入友链名称" max={64} />
      <ProFormText
        name="link"
        label="地址"
        placeholder="https://example.com"
        rules={[
          { required: true, message: '请输入友链地址' },
          { pattern: /^https?:\/\/\S+$/, message: '请输入以 http:// 或 https:// 开头的链接' },
        ]}
      />
      <TextAreaField name="description" label="描述" placeholder="友链描述（可选）" />
      <SortField />
      <EnableField />
    </>
  ),
});

export default function FriendlinkPage() {
  return (
    <CrudPage<TFriendlink>
      subTitle="显示在网站首页底部的友情链接"
      headerTitle="友情链接列表"
      request={listRequest(api.listFriendlinks, 'friendlink', { row: ZFriendlink })}
      remove={{ route: api.deleteFriendlink }}
      form={form}
      createText="新增友链"
      table={{ scroll: { x: 1000 } }}
      columns={(c) => [
        col.keyword('友链名称或地址'),
        col.id(),
        { title: '名称', dataIndex: 'title', width: 180, search: false, render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text> },
        {
          title: '链接地址',
          dataIndex: 'link',
          ellipsis: true,
          search: false,
          render: (_, row) => (
            <Typography.Link href={row.link} target="_blank" rel="noopener noreferrer">
              {row.link}
            </Typography.Link>
          ),
        },
        col.text('描述', 'description'),
        { title: '排序', dataIndex: 'sort', width: 80, align: 'center', search: false, tooltip: '数值越大越靠前' },
        col.enable((row, enable) => c.setEnable(api.updateFriendlink, row.id, enable)),
        col.createdAt(),
        col.option(120, (row) => [c.editLink(row), c.deleteLink(row)]),
      ]}
    />
  );
}
