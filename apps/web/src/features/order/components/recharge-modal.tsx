import { useMemo, useState } from 'react';
import { App, Badge, Button, InputNumber, Modal, Spin, Tooltip } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useScreen } from '@wenku/ui';
import { customAmountDiscount, discountBadge, OrderType, parseRechargeTiers, rechargePrice } from '@wenku/contracts';
import { callDynamic, errorMessage, findRoute } from '../../../lib/api';
import { useRechargeSettings } from '../../settings/api';

/** Spec §2: 680px wide, 90% on mobile. */
const RECHARGE_MODAL_WIDTH = 680;

export function RechargeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading } = useRechargeSettings();
  const { isMobile } = useScreen();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tiers = useMemo(() => parseRechargeTiers(data?.recharge_discount), [data?.recharge_discount]);
  const exchange = data?.credit_exchange ?? 1;
  const creditName = data?.credit_name?.trim() || '积分';
  const [selected, setSelected] = useState<number | 'custom' | null>(null);
  const [custom, setCustom] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const amount = selected === 'custom' ? (custom ?? 0) : (selected ?? tiers[0]?.amount ?? 0);
  const discount = selected === 'custom' ? customAmountDiscount(tiers, amount) : (tiers.find((t) => t.amount === amount)?.discount ?? 1);
  const createRoute = findRoute('POST', '/order');

  async function submit() {
    if (!createRoute || amount <= 0) return;
    setSubmitting(true);
    try {
      const res = (await callDynamic(createRoute, { body: { order_type: OrderType.Recharge, quantity: amount } })) as { order_no?: string };
      if (!res?.order_no) throw new Error('订单创建失败');
      onClose();
      navigate(`/order?order_no=${encodeURIComponent(res.order_no)}`);
    } catch (e) {
      message.error(errorMessage(e, '订单创建失败'));
    } finally {
      setSubmitting(false);
    }
  }

  const payButton = (
    <Button type="primary" size="large" block loading={submitting} disabled={!createRoute || amount <= 0} onClick={submit}>
      立即充值 ¥{rechargePrice(amount, exchange)}
    </Button>
  );

  return (
    <Modal title="积分充值" open={open} onCancel={onClose} footer={null} width={isMobile ? '90%' : RECHARGE_MODAL_WIDTH} destroyOnHidden>
      {isLoading ? (
        <div className="wk-center-block">
          <Spin />
        </div>
      ) : (
        <div className="wk-recharge">
          <div className="wk-recharge-tiers">
            {tiers.map((t) => (
              <Badge.Ribbon key={t.amount} text={discountBadge(t.discount)} color={t.discount < 1 ? 'red' : 'blue'}>
                <button
                  type="button"
                  className={`wk-recharge-tier${amount === t.amount && selected !== 'custom' ? ' is-active' : ''}`}
                  onClick={() => setSelected(t.amount)}
                >
                  <span className="wk-recharge-amount">
                    {t.amount} <small>{creditName}</small>
                  </span>
                  <span className="wk-recharge-price">¥{rechargePrice(t.amount, exchange)}</span>
                </button>
              </Badge.Ribbon>
            ))}
          </div>
          <div className={`wk-recharge-custom${selected === 'custom' ? ' is-active' : ''}`}>
            <span>自定义数量</span>
            <InputNumber
              min={0}
              step={exchange > 0 ? exchange : 1}
              value={custom}
              placeholder={`请输入${creditName}数量`}
              onFocus={() => setSelected('custom')}
              onChange={(v) => {
                setSelected('custom');
                setCustom(typeof v === 'number' ? v : null);
              }}
              style={{ width: 200 }}
            />
            {selected === 'custom' && <span className="wk-recharge-discount">{discountBadge(discount)}</span>}
          </div>
          <p className="wk-recharge-note">
            兑换比例：1 元 = {exchange} {creditName}
          </p>
          {createRoute ? (
            payButton
          ) : (
            <>
              <Tooltip title="在线支付即将上线">{payButton}</Tooltip>
              <p className="wk-recharge-note wk-recharge-pending">在线支付即将上线，敬请期待。</p>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
