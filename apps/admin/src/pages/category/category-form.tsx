import { ProForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { TreeSelect } from 'antd';
import type { TCategory } from '@wenku/contracts';
import { EnableField, SortField, TextAreaField, crudForm, saveTo } from '../../components/crud';
import { api } from '../../lib/api';
import { buildTree, subtreeIds, type TreeNode } from '../../lib/list-query';
import { ImageUrlInput } from '../../components/image-url-input';

export interface CategoryFormValues {
  title: string;
  parent_id: number;
  sort: number;
  enable: boolean;
  cover: string;
  icon: string;
  description: string;
  show_description: boolean;
}

interface TreeOption {
  title: string;
  value: number;
  disabled?: boolean;
  children?: TreeOption[];
}

function toOptions(nodes: TreeNode<TCategory>[], blocked: Set<number>): TreeOption[] {
  return nodes.map((n) => ({
    title: n.title,
    value: n.id,
    disabled: blocked.has(n.id),
    children: n.children?.length ? toOptions(n.children, blocked) : undefined,
  }));
}

const toBody = (values: CategoryFormValues) => ({
  ...values,
  title: values.title.trim(),
  parent_id: values.parent_id ?? 0,
  sort: values.sort ?? 0,
  cover: values.cover ?? '',
  icon: values.icon ?? '',
  description: values.description ?? '',
});

/** Create or edit a category of `type`; `extra.parentId` preselects the parent of a new one; `rows` feed the parent picker. */
export function categoryForm(type: 0 | 1, rows: TCategory[]) {
  return crudForm<TCategory, CategoryFormValues, { parentId?: number }>({
    noun: '分类',
    width: 640,
    initialValues: (record, extra) =>
      record
        ? {
            title: record.title,
            parent_id: record.parent_id,
            sort: record.sort,
            enable: record.enable,
            cover: record.cover,
            icon: record.icon,
            description: record.description,
            show_description: record.show_description,
          }
        : { title: '', parent_id: extra?.parentId ?? 0, sort: 0, enable: true, cover: '', icon: '', description: '', show_description: false },
    create: saveTo(api.createCategory, (v: CategoryFormValues) => ({ ...toBody(v), type })),
    update: saveTo(api.updateCategory, (v: CategoryFormValues, r: TCategory) => ({ ...toBody(v), id: r.id })),
    fields: (record) => {
      const blocked = record ? subtreeIds(rows, record.id) : new Set<number>();
      const treeData = [{ title: '顶级分类', value: 0 }, ...toOptions(buildTree(rows), blocked)];
      return (
        <>
          <ProFormText
            name="title"
            label="名称"
            placeholder="请输入分类名称"
            rules={[
              { required: true, whitespace: true, message: '请输入分类名称' },
              { max: 64, message: '分类名称最多64个字符' },
            ]}
          />
          <ProForm.Item name="parent_id" label="上级分类">
            <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择上级分类" />
          </ProForm.Item>
          <SortField />
          <EnableField />
          <ProForm.Item name="cover" label="封面">
            <ImageUrlInput placeholder="封面图片地址（可选）" />
          </ProForm.Item>
          <ProForm.Item name="icon" label="图标">
            <ImageUrlInput placeholder="图标图片地址（可选）" />
          </ProForm.Item>
          <TextAreaField name="description" label="描述" placeholder="分类描述（可选）" maxLength={1024} rows={[3, 6]} />
          <ProFormSwitch name="show_description" label="显示描述" tooltip="在分类页展示该描述" />
        </>
      );
    },
  });
}
