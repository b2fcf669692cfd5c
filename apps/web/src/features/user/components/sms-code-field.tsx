import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TSmsPurpose } from '@wenku/contracts/enums';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { secondsLeft, smsButtonLabel, smsCodeRules } from '../lib';
import { captchaKey } from './captcha-field';

/** A countdown to a deadline, ticking every second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [deadline, setDeadline] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const l = secondsLeft(deadline);
      setLeft(l);
      if (l === 0) setDeadline(0);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return [left, (seconds: number) => setDeadline(seconds > 0 ? Date.now() + seconds * 1000 : 0)];
}

const CAPTCHA_OF: Record<TSmsPurpose, 'register' | 'login' | 'find_password'> = { 0: 'register', 1: 'login', 2: 'find_password' };

/**
 * The SMS code input with its 获取验证码 button (POST /user/sms/code {mobile, purpose}). The mobile field is checked
 * first; the image captcha of the same form goes along when it is shown. After a send the button counts down the
 * interval the server returned.
 */
export function SmsCodeField({ purpose, mobileField = 'mobile' }: { purpose: TSmsPurpose; mobileField?: string }) {
  const form = Form.useFormInstance();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  async function send() {
    let mobile: string;
    try {
      const values = await form.validateFields([mobileField]);
      mobile = String(values[mobileField]).trim();
    } catch {
      return;
    }
    const captchaId = form.getFieldValue('captcha_id') as string | undefined;
    const captcha = form.getFieldValue('captcha') as string | undefined;
    if (captchaId && !captcha?.trim()) {
      // the image captcha guards the text message (not the form's submission): asked for here
      form.setFields([{ name: 'captcha', errors: ['请输入验证码'] }]);
      return;
    }
    setSending(true);
    try {
      const res = await apiClient.call(api.sendSmsCode, {
        body: { mobile, purpose, captcha: captcha?.trim() || undefined, captcha_id: captchaId || undefined },
      });
      message.success('验证码已发送，请注意查收');
      start(res.interval > 0 ? res.interval : 60);
    } catch (e) {
      message.error(errorMessage(e, '验证码发送失败'));
    } finally {
      setSending(false);
      // an image captcha is good for one use
      if (captchaId) void qc.invalidateQueries({ queryKey: captchaKey(CAPTCHA_OF[purpose]) });
    }
  }

  return (
    <Form.Item required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={smsCodeRules}>
          <Input prefix={<MessageOutlined />} placeholder="短信验证码" autoComplete="one-time-code" inputMode="numeric" maxLength={8} />
        </Form.Item>
        <Button className="wk-sms-btn" onClick={send} loading={sending} disabled={left > 0}>
          {smsButtonLabel(left)}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
