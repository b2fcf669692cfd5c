import { App, Button, Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { session, useSession } from '../../../app/session';
import { establishSession } from '../../user/api';
import { MeSection } from '../components/me-section';
import { PASSWORD_MESSAGES, passwordFormErrors, type PasswordFormValues } from '../lib';

/** antd rule for one field, from the same pure check the tests cover. */
const ruleFor =
  (field: keyof PasswordFormValues) =>
  ({ getFieldsValue }: { getFieldsValue: () => PasswordFormValues }) => ({
    validator: () => {
      const error = passwordFormErrors(getFieldsValue())[field];
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  });

/**
 * /me/password: username (read-only), old password, new password and confirmation. On success 密码修改成功; the
 * server voids every older token and hands this session a new one, which is stored; the form resets.
 */
export default function MePasswordPage() {
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<PasswordFormValues>();
  const qc = useQueryClient();
  const { message } = App.useApp();

  const change = useMutation({
    mutationFn: (v: PasswordFormValues) =>
      apiClient.call(api.updatePassword, { body: { old_password: v.old_password ?? '', new_password: v.new_password ?? '' } }),
    onSuccess: async (res) => {
      const current = session.getState().user;
      if (res.token && current) await establishSession(qc, { user: current, token: res.token });
      message.success(PASSWORD_MESSAGES.success);
      form.resetFields();
    },
    onError: (e) => message.error(errorMessage(e, '密码修改失败')),
  });

  return (
    <MeSection path="password">
      <Form<PasswordFormValues> form={form} className="wk-me-form" layout="vertical" requiredMark={false} onFinish={(v) => change.mutate(v)}>
        <Form.Item label="用户名">
          <Input value={user?.username ?? ''} readOnly disabled autoComplete="username" />
        </Form.Item>
        <Form.Item label="原密码" name="old_password" rules={[ruleFor('old_password')]}>
          <Input.Password placeholder="请输入您的原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="new_password" rules={[ruleFor('new_password')]}>
          <Input.Password placeholder="请输入您的新密码（至少8位）" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm_password" dependencies={['new_password']} rules={[ruleFor('confirm_password')]}>
          <Input.Password placeholder="请再次输入您的新密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          修改密码
        </Button>
      </Form>
    </MeSection>
  );
}
