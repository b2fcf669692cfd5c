import { useState } from 'react';
import { Alert, App, Button, Empty, QRCode, Space } from 'antd';
import { AlipayCircleOutlined, CheckCircleFilled, PayCircleOutlined, WalletOutlined, WechatOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useScreen } from '@wenku/ui';
import { OrderStatus, PaymentMethod } from '@wenku/contracts/enums';
import type { TOrder, TPayOrderAnswer } from '@wenku/contracts/schemas';
import { errorMessage } from '../../../lib/api';
import { usePayOrder } from '../api';
import { formatFen, isPhoneBrowser, paymentMethodLabel, type BuyerPayMethod } from '../lib';

const METHOD_ICONS: Record<BuyerPayMethod, ReactNode> = {
  [PaymentMethod.Wechat]: <WechatOutlined style={{ color: '#09bb07' }} />,
  [PaymentMethod.Alipay]: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
  [PaymentMethod.Hupijiao]: <PayCircleOutlined style={{ color: '#fa8c16' }} />,
  [PaymentMethod.Credit]: <WalletOutlined style={{ color: '#d4a24c' }} />,
};

/** What the chosen gateway asked for: a WeChat QR code, or Hupijiao's QR image and link. */
function PayAnswerView({ answer }: { answer: TPayOrderAnswer }) {
  if (answer.payment_type === PaymentMethod.Wechat && answer.code_url) {
    return (
      <div className="wk-order-qr" data-testid="wechat-qr">
        <QRCode value={answer.code_url} type="svg" size={200} bordered={false} />
        <p>
          <WechatOutlined style={{ color: '#09bb07' }} /> 请使用微信扫码支付
        </p>
      </div>
    );
  }
  if (answer.payment_type === PaymentMethod.Hupijiao && (answer.qrcode_url || answer.pay_url)) {
    return (
      <div className="wk-order-qr">
        {answer.qrcode_url && <img src={answer.qrcode_url} alt="虎皮椒支付二维码" width={200} height={200} />}
        {answer.qrcode_url && <p>请使用微信或支付宝扫码支付</p>}
        {answer.pay_url && (
          <Button type="primary" href={answer.pay_url} target="_blank" rel="noopener noreferrer">
            打开支付页面
          </Button>
        )}
      </div>
    );
  }
  if (answer.pay_url) {
    return (
      <div className="wk-order-qr">
        <p>正在前往支付页面…</p>
        <Button type="primary" href={answer.pay_url}>
          如未自动跳转，请点击这里
        </Button>
      </div>
    );
  }
  return null;
}

/**
 * A pending order's payment: the enabled methods as cards (credits when the order has a credit price), 立即支付,
 * the gateway's answer, 我已支付 and 取消订单.
 */
export function PayPanel({
  order,
  methods,
  creditName,
  balance,
  onPaid,
  onCheck,
  checking,
  onClose,
  closing,
  pollStopped,
}: {
  order: TOrder;
  methods: BuyerPayMethod[];
  creditName: string;
  /** the user's credits; undefined when unknown */
  balance: number | undefined;
  onPaid: () => void;
  onCheck: () => void;
  checking: boolean;
  onClose: () => void;
  closing: boolean;
  pollStopped: boolean;
}) {
  const { message } = App.useApp();
  const { isMobile } = useScreen();
  const pay = usePayOrder();
  const [method, setMethod] = useState<BuyerPayMethod | undefined>(methods[0]);
  const [answer, setAnswer] = useState<TPayOrderAnswer | null>(null);
  const creditShort = order.credit_price > 0 && balance !== undefined && balance < order.credit_price;

  async function submit() {
    if (!method) return;
    if (method === PaymentMethod.Credit && creditShort) {
      message.error(`${creditName}不足`);
      return;
    }
    try {
      const a = await pay.mutateAsync({ order_no: order.order_no, payment_type: method, mobile: isPhoneBrowser(isMobile) });
      if (a.status === OrderStatus.Paid) {
        onPaid();
        return;
      }
      setAnswer(a);
      if (a.payment_type === PaymentMethod.Alipay && a.pay_url) window.location.assign(a.pay_url);
    } catch (e) {
      message.error(errorMessage(e, '发起支付失败，请稍后重试'));
    }
  }

  return (
    <div className="wk-order-pay">
      <h3>选择支付方式</h3>
      {methods.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="网站暂未开启在线支付，请联系管理员" />
      ) : (
        <div className="wk-order-methods" role="radiogroup" aria-label="支付方式">
          {methods.map((m) => {
            const active = m === method;
            return (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={active}
                className={`wk-order-method${active ? ' is-active' : ''}`}
                onClick={() => {
                  setMethod(m);
                  setAnswer(null);
                }}
              >
                <span className="wk-order-method-icon">{METHOD_ICONS[m]}</span>
                <span className="wk-order-method-main">
                  <strong>{m === PaymentMethod.Credit ? `${creditName}支付` : paymentMethodLabel(m, creditName)}</strong>
                  {m === PaymentMethod.Credit && (
                    <small>
                      需 {order.credit_price} {creditName}
                      {balance !== undefined && `，余额 ${balance} ${creditName}`}
                    </small>
                  )}
                </span>
                {active && <CheckCircleFilled className="wk-order-method-check" />}
              </button>
            );
          })}
        </div>
      )}
      {method === PaymentMethod.Credit && creditShort && (
        <Alert type="warning" showIcon title={`${creditName}余额不足，请选择其他支付方式`} style={{ marginTop: 12 }} />
      )}
      {answer && <PayAnswerView answer={answer} />}
      <div className="wk-order-pay-actions">
        <span className="wk-order-pay-total">
          应付：<strong>{method === PaymentMethod.Credit ? `${order.credit_price} ${creditName}` : formatFen(order.amount)}</strong>
        </span>
        <Space wrap>
          <Button type="primary" size="large" loading={pay.isPending} disabled={!method} onClick={() => void submit()}>
            立即支付
          </Button>
          {(answer || order.payment_type > 0) && (
            <Button size="large" loading={checking} onClick={onCheck}>
              我已支付
            </Button>
          )}
          <Button size="large" danger loading={closing} onClick={onClose}>
            取消订单
          </Button>
        </Space>
      </div>
      {pollStopped && <p className="wk-order-note">已停止自动查询支付结果，支付完成后请点击“我已支付”。</p>}
    </div>
  );
}
