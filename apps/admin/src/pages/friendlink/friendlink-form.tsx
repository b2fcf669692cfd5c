import { ModalForm, ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { TFriendlink } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';

interface FriendlinkFormValues {
  title: string;
  link: string;
  description: string;
  sort: number;
  enable: boolean;
}

export function FriendlinkForm({ record, onOpenChange, onSaved }: { record?: TFriendlink; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  const initialValues: FriendlinkFormValues = record
    ? { title: record.title, link: record.link, description: record.description ?? '', sort: record.sort ?? 0, enable: record.enable ?? true }
    : { title: '', link: 'https://', description: '', sort: 0, enable: true };
  return (
    <ModalForm<FriendlinkFormValues>
      title={record ? '编辑友情链接' : '新增友情链接'}
      open
      onOpenChange={onOpenChange}
      width={600}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={initialValues}
      modalProps={{ mask: { closable: false } }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = { title: v.title.trim(), link: v.link.trim(), description: v.description ?? '', sort: v.sort ?? 0, enable: !!v.enable };
        try {
          if (record) await client.call(api.updateFriendlink, { body: { ...body, id: record.id } });
          else await client.call(api.createFriendlink, { body });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormText name="title" label="名称" placeholder="请输入友链名称" rules={[{ required: true, whitespace: true, message: '请输入友链名称' }, { max: 64 }]} />
      <ProFormText
        name="link"
        label="地址"
        placeholder="https://example.com"
        rules={[
          { required: true, message: '请输入友链地址' },
          { pattern: /^https?:\/\/\S+$/, message: '请输入以 http:// 或 https:// 开头的链接' },
        ]}
      />
      <ProFormTextArea name="description" label="描述" placeholder="友链描述（可选）" fieldProps={{ autoSize: { minRows: 2, maxRows: 5 }, maxLength: 255, showCount: true }} />
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />
      <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren="禁用" />
    </ModalForm>
  );
}
