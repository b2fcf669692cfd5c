import type { ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Result } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { confirmRule, mobileRules, newPasswordRules } from '../lib';

/** The mainland mobile number (field `mobile`). */
export function MobileField({ placeholder = '手机号', autoFocus }: { placeholder?: string; autoFocus?: boolean }) {
  return (
    <Form.Item name="mobile" rules={mobileRules}>
      <Input prefix={<MobileOutlined />} placeholder={placeholder} autoComplete="tel" inputMode="tel" maxLength={11} autoFocus={autoFocus} />
    </Form.Item>
  );
}

const PASSWORD_TEXT = {
  register: {
    required: '请输入密码',
    placeholder: '密码（至少8位）',
    confirmRequired: '请再次输入密码',
    mismatch: '两次输入的密码不一致',
    confirm: '确认密码',
  },
  reset: {
    required: '请输入您的新密码',
    placeholder: '新密码（至少8位）',
    confirmRequired: '请再次输入您的新密码',
    mismatch: '新密码和确认密码不一致',
    confirm: '确认新密码',
  },
};

/** A new password and its confirmation (fields `password`, `confirm`): the contract's limits, and both must match. */
export function PasswordFields({ kind, placeholder, autoFocus }: { kind: keyof typeof PASSWORD_TEXT; placeholder?: string; autoFocus?: boolean }) {
  const t = PASSWORD_TEXT[kind];
  return (
    <>
      <Form.Item name="password" rules={newPasswordRules(t.required)}>
        <Input.Password prefix={<LockOutlined />} placeholder={placeholder ?? t.placeholder} autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={[{ required: true, message: t.confirmRequired }, confirmRule('password', t.mismatch)]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t.confirm} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** 我已阅读并同意《文库协议》 (field `agree`), required to register. */
export function AgreementField({ agreement }: { agreement: ReactNode }) {
  return (
    <Form.Item
      name="agree"
      valuePropName="checked"
      rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意文库协议'))) }]}
    >
      <Checkbox>我已阅读并同意{agreement}</Checkbox>
    </Form.Item>
  );
}

/** The end of a password reset (by mail or by mobile). */
export function PasswordResetDone() {
  return (
    <Result
      className="wk-auth-result"
      status="success"
      title="密码重置成功"
      subTitle="请使用新密码登录。"
      extra={
        <Link to="/login">
          <Button type="primary">去登录</Button>
        </Link>
      }
    />
  );
}
