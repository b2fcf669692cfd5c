import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { TUser } from '@wenku/contracts';
import { AdminModalForm, call } from '../../components/crud';
import { api } from '../../lib/api';
import { profileFormInitial, toProfileBody, type ProfileFormValues } from './form-values';

/** PUT /user/profile with the user's id: personal details an administrator may correct. */
export function ProfileForm({ record, onOpenChange, onSaved }: { record: TUser; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  return (
    <AdminModalForm<ProfileFormValues>
      title={`编辑资料：${record.username}`}
      onOpenChange={onOpenChange}
      initialValues={profileFormInitial(record)}
      onSaved={onSaved}
      submit={(v) => call(api.updateProfile, { body: toProfileBody(record.id, v) })}
    >
      <ProFormText name="realname" label="真实姓名" placeholder="选填" rules={[{ max: 32, message: '姓名最多32个字符' }]} />
      <ProFormText name="identity" label="证件号码" placeholder="选填" rules={[{ max: 32, message: '证件号码格式不正确' }]} />
      <ProFormText name="address" label="联系地址" placeholder="选填" rules={[{ max: 255 }]} />
      <ProFormTextArea
        name="signature"
        label="个性签名"
        placeholder="选填"
        fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }}
      />
      <ProFormTextArea
        name="remark"
        label="备注"
        placeholder="仅管理员可见；留空则不修改原备注"
        fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }}
      />
    </AdminModalForm>
  );
}
