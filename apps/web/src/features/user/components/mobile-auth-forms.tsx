import { useState } from 'react';
import { App, Button, Form } from 'antd';
import { SmsPurpose } from '@wenku/contracts/enums';
import type { TAuthResult } from '@wenku/contracts/schemas';
import type { ReactNode } from 'react';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { CaptchaField } from './captcha-field';
import { SmsCodeField } from './sms-code-field';
import { AgreementField, MobileField, PasswordFields } from './account-fields';

interface MobileLoginValues {
  mobile: string;
  code: string;
}

/** 手机号登录: mobile + SMS code (purpose 1) → POST /user/login/mobile. */
export function MobileLoginForm({ captcha, onSuccess }: { captcha: boolean; onSuccess: (r: TAuthResult) => Promise<void> }) {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  async function onFinish(values: MobileLoginValues) {
    setSubmitting(true);
    try {
      const result = await apiClient.call(api.loginByMobile, { body: { mobile: values.mobile.trim(), code: values.code.trim() } });
      await onSuccess(result);
    } catch (e) {
      message.error(errorMessage(e, '登录失败'));
    } finally {
      setSubmitting(false);
    }
  }
  return (
    <Form<MobileLoginValues> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
      <MobileField />
      <CaptchaField type="login" enabled={captcha} required={false} placeholder="请输入图形验证码" />
      <SmsCodeField purpose={SmsPurpose.Login} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}

interface MobileRegisterValues {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  agree: boolean;
}

/** 手机号注册: mobile + SMS code (purpose 0) + password → POST /user/register/mobile. */
export function MobileRegisterForm({
  captcha,
  agreement,
  onSuccess,
}: {
  captcha: boolean;
  agreement: ReactNode;
  onSuccess: (r: TAuthResult) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  async function onFinish(values: MobileRegisterValues) {
    setSubmitting(true);
    try {
      const result = await apiClient.call(api.registerByMobile, {
        body: { mobile: values.mobile.trim(), code: values.code.trim(), password: values.password },
      });
      await onSuccess(result);
    } catch (e) {
      message.error(errorMessage(e, '注册失败'));
    } finally {
      setSubmitting(false);
    }
  }
  return (
    <Form<MobileRegisterValues> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} initialValues={{ agree: true }}>
      <MobileField />
      <CaptchaField type="register" enabled={captcha} required={false} placeholder="请输入图形验证码" />
      <SmsCodeField purpose={SmsPurpose.Register} />
      <PasswordFields kind="register" placeholder="设置密码（至少8位）" />
      <AgreementField agreement={agreement} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        注册
      </Button>
    </Form>
  );
}
