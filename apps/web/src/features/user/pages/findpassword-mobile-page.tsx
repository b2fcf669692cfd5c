import { useState } from 'react';
import { Alert, App, Button, Form } from 'antd';
import { Link } from 'react-router-dom';
import { SmsPurpose } from '@wenku/contracts/enums';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../app/title';
import { useSettings } from '../../settings/api';
import { AuthCard } from '../components/auth-card';
import { CaptchaField } from '../components/captcha-field';
import { SmsCodeField } from '../components/sms-code-field';
import { MobileField, PasswordFields, PasswordResetDone } from '../components/account-fields';
import '../account.css';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** /findpassword-mobile: mobile + SMS code (purpose 2) + new password → POST /user/findpassword/mobile. */
export default function FindPasswordMobilePage() {
  useDocumentTitle('手机号找回密码');
  const { system, security, sms } = useSettings();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  async function onFinish(values: Values) {
    setSubmitting(true);
    try {
      await apiClient.call(api.findPasswordByMobile, { body: { mobile: values.mobile.trim(), code: values.code.trim(), password: values.password } });
      setDone(true);
    } catch (e) {
      message.error(errorMessage(e, '重置失败'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="手机号找回密码"
      subtitle="通过绑定的手机号接收验证码，重新设置密码"
      background={system.login_background}
      footer={
        <>
          想起密码了？<Link to="/login">返回登录</Link>
        </>
      }
    >
      {done ? (
        <PasswordResetDone />
      ) : (
        <>
          {!sms.enable && <Alert type="info" showIcon className="wk-auth-alert" title="网站暂未开启短信服务，请通过邮箱找回密码。" />}
          <div className="wk-auth-links-row">
            <span />
            <Link to="/findpassword">通过邮箱找回</Link>
          </div>
          <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
            <MobileField placeholder="绑定的手机号" autoFocus />
            <CaptchaField type="find_password" enabled={security.enable_captcha_find_password} required={false} placeholder="请输入图形验证码" />
            <SmsCodeField purpose={SmsPurpose.FindPassword} />
            <PasswordFields kind="reset" />
            <Button type="primary" htmlType="submit" block loading={submitting}>
              重置密码
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
