import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Skeleton } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { api, apiClient } from '../../../lib/api';

export const captchaKey = (type: string) => ['captcha', type] as const;

/**
 * Captcha input with its image (GET /user/captcha?type=...); click the image for a new one. Shown only when the
 * setting (security.enable_captcha_*) is on and the server says the captcha is enabled. Fills the hidden captcha_id.
 * `required={false}` where it guards only a side action (sending an SMS code), not the form's own submission.
 */
export function CaptchaField({
  type,
  enabled,
  force = false,
  required = true,
  placeholder = '请输入验证码',
}: {
  type: 'login' | 'register' | 'find_password';
  enabled: boolean;
  /** ask for a captcha even with the switch off: the login answered captcha_required (many failures on the account) */
  force?: boolean;
  required?: boolean;
  placeholder?: string;
}) {
  const form = Form.useFormInstance();
  const q = useQuery({
    queryKey: captchaKey(type),
    queryFn: ({ signal }) => apiClient.call(api.getCaptcha, { query: { type, force: force || undefined }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // every form showing this captcha (e.g. the password and the mobile tab of the login page) takes each new image's id
  useEffect(() => {
    if (!q.data) return;
    form.setFieldValue('captcha_id', q.data.id);
    form.setFieldValue('captcha', '');
  }, [q.data, form]);
  // the captcha endpoint is not answering (yet): no field rather than one that can never be filled
  if (!enabled || q.isError || (q.data && !q.data.enable)) return null;
  return (
    <>
      <Form.Item name="captcha_id" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="captcha" rules={required ? [{ required: true, whitespace: true, message: '请输入验证码' }] : []}>
        <Input
          prefix={<SafetyOutlined />}
          placeholder={placeholder}
          autoComplete="off"
          suffix={
            q.data?.captcha ? (
              <img className="wk-captcha-img" src={q.data.captcha} alt="验证码" title="看不清？换一张" onClick={() => void q.refetch()} />
            ) : (
              <Skeleton.Button active size="small" />
            )
          }
        />
      </Form.Item>
    </>
  );
}
