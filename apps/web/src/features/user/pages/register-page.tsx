import { useState } from 'react';
import { App, Button, Form, Input, Result, Tabs } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { USERNAME_PATTERN } from '@wenku/contracts/constants';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../app/title';
import { safeRedirect } from '../../../app/access';
import { SmartLink } from '../../../app/shell/nav-link';
import { useSettings, useSiteName } from '../../settings/api';
import { useAuthSuccess } from '../use-auth-success';
import { AuthCard } from '../components/auth-card';
import { CaptchaField, captchaKey } from '../components/captcha-field';
import { MobileRegisterForm } from '../components/mobile-auth-forms';
import { AgreementField, PasswordFields } from '../components/account-fields';
import '../account.css';

interface RegisterForm {
  username: string;
  email?: string;
  password: string;
  confirm: string;
  agree: boolean;
  captcha?: string;
  captcha_id?: string;
}

export default function RegisterPage() {
  useDocumentTitle('注册');
  const { system, security, footer, sms } = useSettings();
  const sitename = useSiteName();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));
  const loginLink = params.get('redirect') ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  const authSuccess = useAuthSuccess();

  if (!security.enable_register) {
    return (
      <AuthCard title="用户注册" background={system.register_background}>
        <Result
          status="info"
          title="暂未开放注册"
          subTitle="网站当前未开放新用户注册。"
          extra={
            <Link to={loginLink}>
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  async function onFinish({ confirm: _confirm, agree: _agree, ...values }: RegisterForm) {
    setSubmitting(true);
    try {
      const result = await apiClient.call(api.register, { body: { ...values, email: values.email?.trim() || undefined } });
      await authSuccess(result, '注册成功', redirect);
    } catch (e) {
      message.error(errorMessage(e, '注册失败'));
      void qc.invalidateQueries({ queryKey: captchaKey('register') });
    } finally {
      setSubmitting(false);
    }
  }

  const agreement = footer.agreement ? (
    <SmartLink href={footer.agreement} target="_blank" domain={system.domain}>
      《文库协议》
    </SmartLink>
  ) : (
    '《文库协议》'
  );

  const accountForm = (
    <Form<RegisterForm> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} initialValues={{ agree: true }}>
      <Form.Item
        name="username"
        rules={[
          { required: true, whitespace: true, message: '请输入您的登录用户名' },
          { pattern: USERNAME_PATTERN, message: '用户名为3-32位字母、数字、下划线或中文' },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="email" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]}>
        <Input prefix={<MailOutlined />} placeholder="电子邮箱（选填）" autoComplete="email" />
      </Form.Item>
      <PasswordFields kind="register" />
      <CaptchaField type="register" enabled={security.enable_captcha_register} />
      <AgreementField agreement={agreement} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        注册
      </Button>
    </Form>
  );

  return (
    <AuthCard
      title="注册账号"
      subtitle={`加入${sitename}，分享与获取知识`}
      background={system.register_background}
      footer={
        <>
          已有账号？<Link to={loginLink}>立即登录</Link>
        </>
      }
    >
      {sms.enable ? (
        <Tabs
          centered
          className="wk-auth-tabs"
          items={[
            { key: 'account', label: '账号注册', children: accountForm },
            {
              key: 'mobile',
              label: '手机号注册',
              children: (
                <MobileRegisterForm captcha={security.enable_captcha_register} agreement={agreement} onSuccess={(r) => authSuccess(r, '注册成功', redirect)} />
              ),
            },
          ]}
        />
      ) : (
        accountForm
      )}
    </AuthCard>
  );
}
