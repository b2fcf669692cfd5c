import { useMemo } from 'react';
import { ModalForm, ProForm, ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { TreeSelect } from 'antd';
import type { TCategory } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
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

/** Create or edit a category; `record` set = edit, `parentId` preselects the parent of a new one. */
export function CategoryForm({ open, onOpenChange, record, parentId, type, rows, onSaved }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record?: TCategory;
  parentId?: number;
  type: 0 | 1;
  rows: TCategory[];
  onSaved: () => void;
}) {
  const treeData = useMemo(() => {
    const blocked = record ? subtreeIds(rows, record.id) : new Set<number>();
    return [{ title: '顶级分类', value: 0 }, ...toOptions(buildTree(rows), blocked)];
  }, [rows, record]);

  const initialValues: CategoryFormValues = record
    ? {
        title: record.title, parent_id: record.parent_id, sort: record.sort, enable: record.enable, cover: record.cover,
        icon: record.icon, description: record.description, show_description: record.show_description,
      }
    : { title: '', parent_id: parentId ?? 0, sort: 0, enable: true, cover: '', icon: '', description: '', show_description: false };

  return (
    <ModalForm<CategoryFormValues>
      title={record ? '编辑分类' : '新增分类'}
      open={open}
      onOpenChange={onOpenChange}
      width={640}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={initialValues}
      modalProps={{ mask: { closable: false } }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (values) => {
        const body = {
          ...values,
          title: values.title.trim(),
          parent_id: values.parent_id ?? 0,
          sort: values.sort ?? 0,
          cover: values.cover ?? '',
          icon: values.icon ?? '',
          description: values.description ?? '',
        };
        try {
          if (record) await client.call(api.updateCategory, { body: { ...body, id: record.id } });
          else await client.call(api.createCategory, { body: { ...body, type } });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormText name="title" label="名称" placeholder="请输入分类名称" rules={[{ required: true, whitespace: true, message: '请输入分类名称' }, { max: 64, message: '分类名称最多64个字符' }]} />
      <ProForm.Item name="parent_id" label="上级分类">
        <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择上级分类" />
      </ProForm.Item>
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />
      <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren="禁用" />
      <ProForm.Item name="cover" label="封面">
        <ImageUrlInput placeholder="封面图片地址（可选）" />
      </ProForm.Item>
      <ProForm.Item name="icon" label="图标">
        <ImageUrlInput placeholder="图标图片地址（可选）" />
      </ProForm.Item>
      <ProFormTextArea name="description" label="描述" placeholder="分类描述（可选）" fieldProps={{ autoSize: { minRows: 3, maxRows: 6 }, maxLength: 1024, showCount: true }} />
      <ProFormSwitch name="show_description" label="显示描述" tooltip="在分类页展示该描述" />
    </ModalForm>
  );
}
