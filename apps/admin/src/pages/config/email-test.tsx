import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';

/** POST /config/email/test: sends a test mail with the saved settings, to the given address or the configured test address. */
export function EmailTestButton() {
  return (
    <ModalForm<{ email?: string }>
      title="发送测试邮件"
      width={480}
      trigger={<Button icon={<SendOutlined />}>发送测试邮件</Button>}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '发送', resetText: '取消' } }}
      onFinish={async ({ email }) => {
        try {
          const address = email?.trim();
          await client.call(api.testEmail, { body: address ? { email: address } : {} });
          toast.success(address ? `测试邮件已发送至 ${address}` : '测试邮件已发送');
          return true;
        } catch (err) {
          toast.fail(err, '发送失败');
          return false;
        }
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title="使用已保存的邮箱配置发送；修改配置后请先保存再测试。" />
      <ProFormText name="email" label="收件邮箱" placeholder="留空则发送到配置中的测试邮箱" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]} />
    </ModalForm>
  );
}
