import { useQuery } from '@tanstack/react-query';
import { Form, Input, Skeleton } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { callDynamic, findRoute } from '../../../lib/api';

interface CaptchaData {
  id?: string;
  captcha?: string;
  type?: string;
}

/** Whether the captcha can be shown at all: the setting is on and the contract has the captcha route. */
export function captchaAvailable(enabled: boolean): boolean {
  return enabled && Boolean(findRoute('GET', '/user/captcha'));
}

/**
 * Captcha input with its image (GET /user/captcha?type=...). Click the image for a new one.
 * Renders nothing while the contract lacks the route. Sets the hidden `captcha_id` field.
 */
export function CaptchaField({ type, enabled }: { type: 'login' | 'register'; enabled: boolean }) {
  const route = findRoute('GET', '/user/captcha');
  const form = Form.useFormInstance();
  const q = useQuery({
    queryKey: ['captcha', type],
    queryFn: async () => {
      const data = (await callDynamic(route!, { query: { type } })) as CaptchaData;
      form.setFieldValue('captcha_id', data?.id ?? '');
      return data;
    },
    enabled: enabled && Boolean(route),
    staleTime: 0,
    gcTime: 0,
  });
  if (!enabled || !route) return null;
  return (
    <>
      <Form.Item name="captcha_id" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="captcha" rules={[{ required: true, message: '请输入验证码' }]}>
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder="请输入验证码"
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
