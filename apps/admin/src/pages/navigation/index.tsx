import { useState, type Key } from 'react';
import { ProForm, ProFormRadio, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import { ZNavigation, type TNavigation } from '@wenku/contracts';
import { CrudPage, EnableField, SortField, TextAreaField, crudForm, saveBoth, col, RequiredTextField } from '../../components/crud';
import { HexColorInput } from '../../components/hex-color-input';
import { api } from '../../lib/api';
import { parentIds } from '../../lib/list-query';
import { treeRequest, type TreeNode } from '../../lib/pro-table';

type NavigationRow = TreeNode<TNavigation>;

interface NavigationFormValues {
  title: string;
  href: string;
  target: '_self' | '_blank';
  color: string;
  sort: number;
  enable: boolean;
  fixed: boolean;
  parent_id: number;
  description: string;
}

const toBody = (v: NavigationFormValues) => ({
  title: v.title.trim(),
  href: v.href.trim(),
  target: v.target,
  color: v.color ?? '',
  sort: v.sort ?? 0,
  enable: !!v.enable,
  fixed: !!v.fixed,
  parent_id: v.parent_id ?? 0,
  description: v.description ?? '',
});

/** Create or edit a navigation entry (a two-level menu: children hang under top-level entries). */
function navigationForm(rows: TNavigation[]) {
  return crudForm<NavigationRow, NavigationFormValues, { parentId?: number }>({
    noun: '导航',
    width: 620,
    initialValues: (r, extra) =>
      r
        ? {
            title: r.title,
            href: r.href,
            target: r.target === '_blank' ? '_blank' : '_self',
            color: r.color,
            sort: r.sort,
            enable: r.enable,
            fixed: r.fixed,
            parent_id: r.parent_id,
            description: r.description,
          }
        : { title: '', href: '', target: '_self', color: '', sort: 0, enable: true, fixed: false, parent_id: extra?.parentId ?? 0, description: '' },
    ...saveBoth(api.createNavigation, api.updateNavigation, toBody),
    fields: (record) => {
      const parentOptions = [
        { label: '无（顶级导航）', value: 0 },
        ...rows.filter((r) => r.parent_id === 0 && r.id !== record?.id).map((r) => ({ label: r.title, value: r.id })),
      ];
      const hasChildren = !!record && rows.some((r) => r.parent_id === record.id);
      return (
        <>
          <RequiredTextField name="title" label="名称" message="请输入导航名称" max={64} />
          <RequiredTextField name="href" label="链接" placeholder="站内路径如 /category，或完整网址如 https://example.com" message="请输入链接地址" max={255} />
          <ProFormRadio.Group
            name="target"
            label="打开方式"
            radioType="button"
            options={[
              { label: '当前窗口', value: '_self' },
              { label: '新窗口', value: '_blank' },
            ]}
          />
          <ProForm.Item name="color" label="颜色" tooltip="导航文字颜色，留空使用默认颜色">
            <HexColorInput />
          </ProForm.Item>
          <ProFormSelect
            name="parent_id"
            label="上级导航"
            options={parentOptions}
            disabled={hasChildren}
            extra={hasChildren ? '该导航下有子导航，不能设为子导航' : undefined}
            allowClear={false}
          />
          <SortField />
          <EnableField />
          <ProFormSwitch name="fixed" label="固定" tooltip="固定入口（如 /、/category、/article）在前台悬停时显示分类浮层" />
          <TextAreaField name="description" label="描述" placeholder="导航描述（可选）" />
        </>
      );
    },
  });
}

export default function NavigationPage() {
  const [rows, setRows] = useState<TNavigation[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  return (
    <CrudPage<NavigationRow, { parentId?: number }>
      subTitle="网站顶部导航栏，支持二级导航"
      headerTitle="导航列表"
      request={treeRequest(api.listNavigations, 'navigation', { row: ZNavigation, rename: { keyword: 'wd' }, onLoaded: setRows })}
      remove={{ route: api.deleteNavigation }}
      form={navigationForm(rows)}
      createText="新增导航"
      search={false}
      hiddenColumns={['created_at']}
      table={{
        pagination: false,
        scroll: { x: 1100 },
        postData: (data: NavigationRow[]) => {
          setExpanded(parentIds(data));
          return data;
        },
        expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) },
        options: { search: { placeholder: '搜索导航名称', allowClear: true }, reload: true, density: true, setting: true },
        rowSelection: { checkStrictly: true },
      }}
      columns={(c) => [
        {
          title: '导航名称',
          dataIndex: 'title',
          width: 220,
          render: (_, row) => (
            <Space size={8}>
              <span style={{ color: row.color || undefined, fontWeight: row.parent_id === 0 ? 600 : 400 }}>{row.title}</span>
              {row.fixed && <Tag color="blue">固定</Tag>}
            </Space>
          ),
        },
        col.id(),
        {
          title: '链接地址',
          dataIndex: 'href',
          ellipsis: true,
          render: (_, row) => (
            <Typography.Link href={row.href} target="_blank" rel="noopener noreferrer">
              {row.href}
            </Typography.Link>
          ),
        },
        { title: '打开方式', dataIndex: 'target', width: 100, align: 'center', valueEnum: { _self: { text: '当前窗口' }, _blank: { text: '新窗口' } } },
        { title: '排序', dataIndex: 'sort', width: 80, align: 'center', tooltip: '数值越大越靠前' },
        col.enable((row, enable) => c.setEnable(api.updateNavigation, row.id, enable), { search: false }),
        col.text('描述', 'description', { width: 180 }),
        col.createdAt(),
        col.option(180, (row) => [
          c.editLink(row),
          row.parent_id === 0 ? (
            <a key="child" onClick={() => c.create({ parentId: row.id })}>
              添加子导航
            </a>
          ) : null,
          c.deleteLink(row, row.children?.length ? '该导航下还有子导航。' : undefined),
        ]),
      ]}
    />
  );
}
