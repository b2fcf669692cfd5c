import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { ApiOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PaymentMethod, type RouteResponse } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import { formatDateTime, isPast } from '../../lib/dates';

type TestAnswer = RouteResponse<typeof api.testPayGateway>;
type Certs = RouteResponse<typeof api.getWechatpayCert>;
type Gateway = typeof PaymentMethod.Wechat | typeof PaymentMethod.Alipay | typeof PaymentMethod.Hupijiao;

/** The gateways a 测试连接 reaches, in the order of the form. */
export const PAY_GATEWAYS: { type: Gateway; label: string }[] = [
  { type: PaymentMethod.Wechat, label: '微信支付' },
  { type: PaymentMethod.Alipay, label: '支付宝' },
  { type: PaymentMethod.Hupijiao, label: '虎皮椒' },
];

type Outcome = { running: true } | { running: false; answer: TestAnswer } | { running: false; error: string };

function TestResult({ label, outcome }: { label: string; outcome?: Outcome }) {
  if (!outcome || outcome.running) return null;
  if ('error' in outcome) return <Alert type="error" showIcon title={`${label}：测试失败`} description={outcome.error} />;
  const { ok, message, latency_ms } = outcome.answer;
  return (
    <Alert
      type={ok ? 'success' : 'error'}
      showIcon
      title={`${label}：${ok ? '连接正常' : '连接失败'}（${Math.round(latency_ms)} ms）`}
      description={message || undefined}
    />
  );
}

function CertResult({ certs }: { certs: Certs }) {
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Typography.Text>
        当前模式：
        <Tag color={certs.mode === 'public_key' ? 'blue' : 'purple'}>{certs.mode === 'public_key' ? '微信支付公钥' : '平台证书'}</Tag>
      </Typography.Text>
      {certs.certificates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={certs.mode === 'public_key' ? '公钥模式无需平台证书' : '没有下载到平台证书'} />
      ) : (
        certs.certificates.map((c) => (
          <Descriptions key={c.serial_no} size="small" bordered column={1} styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="证书序列号">
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {c.serial_no}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="生效时间">{formatDateTime(c.effective_time, true) || c.effective_time}</Descriptions.Item>
            <Descriptions.Item label="到期时间">
              {formatDateTime(c.expire_time, true) || c.expire_time}
              {isPast(c.expire_time) && (
                <Tag color="red" style={{ marginInlineStart: 8 }}>
                  已过期
                </Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        ))
      )}
    </Space>
  );
}

/**
 * 支付接口测试 on the pay settings: POST /order/pay/test sends one signed query to a gateway with the saved settings
 * (ok, the gateway's message, the time it took); GET /wechatpay/cert downloads and stores WeChat Pay's platform certificates.
 */
export function PayTestCard() {
  const [outcomes, setOutcomes] = useState<Partial<Record<Gateway, Outcome>>>({});
  const [certs, setCerts] = useState<{ loading: boolean; data?: Certs; error?: string }>({ loading: false });

  const test = async (type: Gateway) => {
    setOutcomes((o) => ({ ...o, [type]: { running: true } }));
    let next: Outcome;
    try {
      next = { running: false, answer: await client.call(api.testPayGateway, { body: { payment_type: type } }) };
    } catch (err) {
      next = { running: false, error: errorMessage(err, '请求失败，请稍后重试') };
    }
    setOutcomes((o) => ({ ...o, [type]: next }));
  };

  const downloadCerts = async () => {
    setCerts({ loading: true });
    try {
      setCerts({ loading: false, data: await client.call(api.getWechatpayCert) });
    } catch (err) {
      setCerts({ loading: false, error: errorMessage(err, '下载平台证书失败') });
    }
  };

  return (
    <Card variant="borderless" title="支付接口测试" style={{ marginBottom: 16 }}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">使用已保存的配置向支付平台发送一次签名查询，修改配置后请先保存再测试。</Typography.Text>
        <Row gutter={[16, 12]}>
          {PAY_GATEWAYS.map((g) => (
            <Col key={g.type} xs={24} md={8}>
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <Button block icon={<ApiOutlined />} loading={outcomes[g.type]?.running === true} onClick={() => test(g.type)}>
                  测试{g.label}
                </Button>
                <TestResult label={g.label} outcome={outcomes[g.type]} />
              </Space>
            </Col>
          ))}
        </Row>
        <div>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button icon={<SafetyCertificateOutlined />} loading={certs.loading} onClick={downloadCerts}>
              下载平台证书
            </Button>
            <Typography.Text type="secondary">微信支付：下载并保存平台证书（使用微信支付公钥时无需下载）</Typography.Text>
          </Space>
          {certs.error && <Alert type="error" showIcon title="下载平台证书失败" description={certs.error} />}
          {certs.data && <CertResult certs={certs.data} />}
        </div>
      </Space>
    </Card>
  );
}
