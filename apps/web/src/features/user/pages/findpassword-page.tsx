import { useState } from 'react';
import { App, Button, Form, Input, Result, Steps } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../app/title';
import { useSettings } from '../../settings/api';
import { AuthCard } from '../components/auth-card';
import { CaptchaField, captchaKey } from '../components/captcha-field';
import { PasswordFields, PasswordResetDone } from '../components/account-fields';
import '../account.css';

/** Step one's answer: the same whether or not the address has an account (never reveal who is registered). */
const RESET_MAIL_SENT = '如果该邮箱已注册，我们已发送重置邮件，请查收';

function StepOne({ captcha }: { captcha: boolean }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState('');

  async function onFinish(values: { email: string; captcha?: string; captcha_id?: string }) {
    setSubmitting(true);
    try {
      const email = values.email.trim();
      await apiClient.call(api.findPasswordStepOne, {
        body: { email, captcha: values.captcha?.trim() || undefined, captcha_id: values.captcha_id || undefined },
      });
      setSentTo(email);
    } catch (e) {
      message.error(errorMessage(e, '发送失败，请稍后再试'));
      void qc.invalidateQueries({ queryKey: captchaKey('find_password') });
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <Result
        className="wk-auth-result"
        status="success"
        title="邮件已发送"
        subTitle={
          <>
            {RESET_MAIL_SENT}
            <br />
            邮件中的链接在一段时间后失效，且只能使用一次。
          </>
        }
        extra={[
          <Link key="login" to="/login">
            <Button type="primary">返回登录</Button>
          </Link>,
          <Button key="again" onClick={() => setSentTo('')}>
            重新发送
          </Button>,
        ]}
      />
    );
  }
  return (
    <Form layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
      <Form.Item
        name="email"
        rules={[
          { required: true, whitespace: true, message: '请输入您的电子邮箱' },
          { type: 'email', message: '请输入正确的电子邮箱' },
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder="注册时填写的电子邮箱" autoComplete="email" autoFocus />
      </Form.Item>
      <CaptchaField type="find_password" enabled={captcha} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        发送重置邮件
      </Button>
    </Form>
  );
}

function StepTwo({ email, token }: { email: string; token: string }) {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  async function onFinish(values: { password: string }) {
    setSubmitting(true);
    try {
      await apiClient.call(api.findPasswordStepTwo, { body: { email, token, password: values.password } });
      setDone(true);
    } catch (e) {
      message.error(errorMessage(e, '重置失败，请重新获取重置邮件'));
    } finally {
      setSubmitting(false);
    }
  }

  if (done) return <PasswordResetDone />;
  return (
    <Form layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="邮箱">
        <Input prefix={<MailOutlined />} value={email} disabled />
      </Form.Item>
      <PasswordFields kind="reset" autoFocus />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        重置密码
      </Button>
    </Form>
  );
}

/** /findpassword: step one mails a reset link; the link (?token=&email=) opens step two. */
export default function FindPasswordPage() {
  useDocumentTitle('找回密码');
  const { system, security } = useSettings();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const stepTwo = Boolean(token && email);

  return (
    <AuthCard
      title="找回密码"
      subtitle={stepTwo ? '请为您的账号设置一个新密码' : '输入注册时填写的邮箱，我们将发送重置密码的链接'}
      background={system.login_background}
      footer={
        <>
          想起密码了？<Link to="/login">返回登录</Link>
        </>
      }
    >
      <Steps className="wk-auth-steps" size="small" current={stepTwo ? 1 : 0} items={[{ title: '验证邮箱' }, { title: '设置新密码' }]} responsive={false} />
      {stepTwo ? (
        <StepTwo email={email} token={token} />
      ) : (
        <>
          <div className="wk-auth-links-row">
            <span />
            <Link to="/findpassword-mobile">通过手机号找回</Link>
          </div>
          <StepOne captcha={security.enable_captcha_find_password} />
        </>
      )}
    </AuthCard>
  );
}
