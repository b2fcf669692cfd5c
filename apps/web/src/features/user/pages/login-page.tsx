import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { HtmlContent } from '@wenku/ui';
import { ApiError, ErrorCode } from '@wenku/contracts/client';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../app/title';
import { safeRedirect } from '../../../app/access';
import { session, useSession } from '../../../app/session';
import { useSettings, useSiteName } from '../../settings/api';
import { OAuthButtons } from '../../oauth/components/oauth-buttons';
import { oauthReturnPath } from '../../oauth/lib';
import { useAuthSuccess } from '../use-auth-success';
import { AuthCard } from '../components/auth-card';
import { CaptchaField, captchaKey } from '../components/captcha-field';
import { MobileLoginForm } from '../components/mobile-auth-forms';
import '../account.css';

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
  captcha_id?: string;
}

export default function LoginPage() {
  useDocumentTitle('登录');
  const { system, security, sms } = useSettings();
  const sitename = useSiteName();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  // after many failed logins on an account the API asks for a captcha even when the switch is off
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const token = useSession((s) => s.token);
  const redirect = safeRedirect(params.get('redirect'));
  const authSuccess = useAuthSuccess();

  // where an OAuth login started from this page should come back to
  useEffect(() => {
    if (params.get('redirect')) session.setRedirectAfterOauth(redirect);
  }, [params, redirect]);

  async function onFinish(values: LoginForm) {
    setSubmitting(true);
    try {
      const result = await apiClient.call(api.login, { body: values });
      await authSuccess(result, '登录成功', redirect);
    } catch (e) {
      message.error(errorMessage(e, '登录失败'));
      if (e instanceof ApiError && e.code === ErrorCode.CaptchaRequired) setCaptchaRequired(true);
      void qc.invalidateQueries({ queryKey: captchaKey('login') });
    } finally {
      setSubmitting(false);
    }
  }

  const passwordForm = (
    <Form<LoginForm> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名 / 邮箱 / 手机号" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <CaptchaField type="login" enabled={security.enable_captcha_login || captchaRequired} force={captchaRequired} />
      <div className="wk-auth-row">
        <Link to="/findpassword">忘记密码？</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );

  return (
    <AuthCard
      title="账号登录"
      subtitle={`欢迎回来，登录${sitename}`}
      background={system.login_background}
      footer={
        security.enable_register &&
        !security.is_close && (
          <>
            还没有账号？<Link to={params.get('redirect') ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>立即注册</Link>
          </>
        )
      }
    >
      {security.is_close && (
        <Alert
          type="warning"
          showIcon
          className="wk-auth-alert"
          title="网站维护中"
          description={<HtmlContent html={security.close_statement || '网站维护中，请稍后访问。'} />}
        />
      )}
      {token && security.is_close && <Alert type="info" showIcon className="wk-auth-alert" title="当前账号没有访问权限，请使用管理员账号登录。" />}
      {sms.enable ? (
        <Tabs
          centered
          className="wk-auth-tabs"
          items={[
            { key: 'password', label: '密码登录', children: passwordForm },
            {
              key: 'mobile',
              label: '手机号登录',
              children: <MobileLoginForm captcha={security.enable_captcha_login} onSuccess={(r) => authSuccess(r, '登录成功', redirect)} />,
            },
          ]}
        />
      ) : (
        passwordForm
      )}
      <OAuthButtons returnPath={oauthReturnPath(params.get('redirect'))} />
    </AuthCard>
  );
}
