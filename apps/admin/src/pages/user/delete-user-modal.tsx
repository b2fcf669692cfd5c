import { ProFormText } from '@ant-design/pro-components';
import { Alert } from 'antd';
import type { TUser } from '@wenku/contracts';
import { AdminModalForm, call } from '../../components/crud';
import { api } from '../../lib/api';

/** DELETE /user?id&password: the administrator re-enters their own password to confirm. */
export function DeleteUserModal({
  users,
  onOpenChange,
  onDeleted,
}: {
  users: Pick<TUser, 'id' | 'username'>[];
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const names = users.map((u) => `「${u.username}」`).join('、');
  return (
    <AdminModalForm<{ password: string }>
      title={users.length > 1 ? `删除 ${users.length} 个用户` : '删除用户'}
      onOpenChange={onOpenChange}
      width={480}
      layout="vertical"
      modalProps={{ okButtonProps: { danger: true } }}
      submitter={{ searchConfig: { submitText: '确认删除', resetText: '取消' }, submitButtonProps: { danger: true } }}
      success="删除成功"
      error="删除失败"
      onSaved={onDeleted}
      submit={({ password }) => call(api.deleteUser, { query: { id: users.map((u) => u.id), password } })}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 20 }}
        title={`即将删除用户 ${names}`}
        description="删除后，该用户的资料、积分、收藏、评论等数据将一并清除且不可恢复；仍有文档或文章的用户需先处理其内容。"
      />
      <ProFormText.Password
        name="password"
        label="请输入您的登录密码以确认"
        placeholder="当前管理员账号的密码"
        fieldProps={{ autoComplete: 'current-password', autoFocus: true }}
        rules={[{ required: true, message: '请输入您的登录密码以确认' }]}
      />
    </AdminModalForm>
  );
}
