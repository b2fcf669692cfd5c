import { useMemo } from 'react';
import { ModalForm, ProForm, ProFormDigit, ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { TNavigation } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { HexColorInput } from '../../components/hex-color-input';

export interface NavigationFormValues {
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

/** Create or edit a navigation entry (a two-level menu: children hang under top-level entries). */
export function NavigationForm({ record, parentId, rows, onOpenChange, onSaved }: {
  record?: TNavigation;
  parentId?: number;
  rows: TNavigation[];
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const parentOptions = useMemo(
    () => [
      { label: '无（顶级导航）', value: 0 },
      ...rows.filter((r) => r.parent_id === 0 && r.id !== record?.id).map((r) => ({ label: r.title, value: r.id })),
    ],
    [rows, record],
  );
  const hasChildren = !!record && rows.some((r) => r.parent_id === record.id);

  const initialValues: NavigationFormValues = record
    ? {
        title: record.title, href: record.href, target: record.target === '_blank' ? '_blank' : '_self', color: record.color,
        sort: record.sort, enable: record.enable, fixed: record.fixed, parent_id: record.parent_id, description: record.description,
      }
    : { title: '', href: '', target: '_self', color: '', sort: 0, enable: true, fixed: false, parent_id: parentId ?? 0, description: '' };

  return (
    <ModalForm<NavigationFormValues>
      title={record ? '编辑导航' : '新增导航'}
      open
      onOpenChange={onOpenChange}
      width={620}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={initialValues}
      modalProps={{ mask: { closable: false } }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = {
          title: v.title.trim(), href: v.href.trim(), target: v.target, color: v.color ?? '', sort: v.sort ?? 0,
          enable: !!v.enable, fixed: !!v.fixed, parent_id: v.parent_id ?? 0, description: v.description ?? '',
        };
        try {
          if (record) await client.call(api.updateNavigation, { body: { ...body, id: record.id } });
          else await client.call(api.createNavigation, { body });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormText name="title" label="名称" placeholder="请输入导航名称" rules={[{ required: true, whitespace: true, message: '请输入导航名称' }, { max: 64 }]} />
      <ProFormText
        name="href"
        label="链接"
        placeholder="站内路径如 /category，或完整网址如 https://example.com"
        rules={[{ required: true, whitespace: true, message: '请输入链接地址' }, { max: 255 }]}
      />
      <ProFormRadio.Group
        name="target"
        label="打开方式"
        radioType="button"
        options={[{ label: '当前窗口', value: '_self' }, { label: '新窗口', value: '_blank' }]}
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
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />
      <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren="禁用" />
      <ProFormSwitch name="fixed" label="固定" tooltip="固定入口（如 /、/category、/article）在前台悬停时显示分类浮层" />
      <ProFormTextArea name="description" label="描述" placeholder="导航描述（可选）" fieldProps={{ autoSize: { minRows: 2, maxRows: 5 }, maxLength: 255, showCount: true }} />
    </ModalForm>
  );
}
