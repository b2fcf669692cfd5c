import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { USERNAME_PATTERN, type TGroup, type TUser } from '@wenku/contracts';
import { AdminModalForm, call } from '../../components/crud';
import { api } from '../../lib/api';
import { toCreateUserBody, toSetUserBody, userFormInitial, type UserFormValues } from './form-values';

const MOBILE = /^1[3-9]\d{9}$/;

/** Create (POST /user) or edit (PUT /user) an account: name, password, contact and groups. */
export function UserForm({
  record,
  groups,
  onOpenChange,
  onSaved,
}: {
  record?: TUser;
  groups: TGroup[];
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const defaults = groups.filter((g) => g.is_default).map((g) => g.id);
  return (
    <AdminModalForm<UserFormValues>
      title={record ? `编辑用户：${record.username}` : '新增用户'}
      onOpenChange={onOpenChange}
      initialValues={userFormInitial(record, defaults)}
      onSaved={onSaved}
      submit={(v) => (record ? call(api.setUser, { body: toSetUserBody(record.id, v) }) : call(api.createUser, { body: toCreateUserBody(v) }))}
    >
      <ProFormText
        name="username"
        label="用户名"
        placeholder="3-32位字母、数字、下划线或中文"
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          { pattern: USERNAME_PATTERN, message: '用户名为3-32位字母、数字、下划线或中文' },
        ]}
      />
      <ProFormText.Password
        name="password"
        label="密码"
        placeholder={record ? '留空则不修改密码' : '至少8位'}
        extra={record ? '修改密码后，该用户在所有设备上需要重新登录。' : undefined}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[...(record ? [] : [{ required: true, message: '请输入密码' }]), { min: 8, message: '至少8位' }, { max: 64, message: '密码最多64位' }]}
      />
      <ProFormText name="email" label="邮箱" placeholder="选填" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]} />
      <ProFormText name="mobile" label="手机号" placeholder="选填" rules={[{ pattern: MOBILE, message: '请输入正确的手机号' }]} />
      <ProFormSelect
        name="group_id"
        label="用户组"
        mode="multiple"
        placeholder="请选择用户组"
        options={groups.map((g) => ({ value: g.id, label: g.title, disabled: record?.id === 1 && g.id === 1 }))}
        extra={record?.id === 1 ? '创始人必须属于超级管理员组。' : undefined}
      />
    </AdminModalForm>
  );
}
