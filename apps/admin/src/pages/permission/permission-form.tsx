import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Descriptions, Typography } from 'antd';
import type { TPermission } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { moduleTitle } from '../../lib/permissions';
import { MethodTag } from '../group/permission-drawer';

/** PUT /permission: only the title and the description of an entry can change. */
export function PermissionForm({ record, onOpenChange, onSaved }: { record: TPermission; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  return (
    <ModalForm<{ title: string; description: string }>
      title="编辑权限"
      open
      onOpenChange={onOpenChange}
      width={600}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={{ title: record.title, description: record.description ?? '' }}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        try {
          await client.call(api.updatePermission, { body: { id: record.id, title: v.title.trim(), description: v.description ?? '' } });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="所属模块">{moduleTitle(record.module)}（{record.module}）</Descriptions.Item>
        <Descriptions.Item label="接口">
          <MethodTag method={record.method} />{' '}
          <Typography.Text style={{ fontFamily: 'Menlo, Consolas, monospace' }}>{record.path}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <ProFormText name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请输入权限名称' }, { max: 128 }]} />
      <ProFormTextArea name="description" label="描述" placeholder="说明该权限的用途（可选）" fieldProps={{ autoSize: { minRows: 2, maxRows: 5 }, maxLength: 255, showCount: true }} />
    </ModalForm>
  );
}
