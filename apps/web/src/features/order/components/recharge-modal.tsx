import { useMemo, useState } from 'react';
import { Alert, App, Badge, Button, InputNumber, Modal, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useScreen } from '@wenku/ui';
import { OrderType } from '@wenku/contracts/enums';
import { customAmountDiscount, discountBadge, parseRechargeTiers, rechargePrice } from '@wenku/contracts/format';
import { errorMessage } from '../../../lib/api';
import { useCreditName, useRechargeSettings } from '../../settings/api';
import { useCreateOrder } from '../api';
import { onlinePayMethods, orderHref, rechargeQuantityError } from '../lib';
import '../order.css';

/** Spec §2: 680px wide, 90% on mobile. */
const RECHARGE_MODAL_WIDTH = 680;

/** The price of `amount` credits at `discount`: amount / credit_exchange × discount, two decimals. */
function discountedPrice(amount: number, discount: number, exchange: number): string {
  return rechargePrice(amount * discount, exchange);
}

/**
 * The recharge dialog (spec §2): the tiers of GET /settings/recharge with their discount badge and price, a custom
 * amount, and 立即充值, which creates the order (POST /order, order_type 3) and opens its page.
 */
export function RechargeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useRechargeSettings();
  const { isMobile } = useScreen();
  const siteCreditName = useCreditName();
  const creditName = settings.data?.credit_name?.trim() || siteCreditName;
  return (
    <Modal title={`${creditName}充值`} open={open} onCancel={onClose} footer={null} width={isMobile ? '90%' : RECHARGE_MODAL_WIDTH} destroyOnHidden>
      {/* the body's state (tier, custom amount) starts afresh on every opening */}
      <RechargeBody onDone={onClose} />
    </Modal>
  );
}

function RechargeBody({ onDone }: { onDone: () => void }) {
  const settings = useRechargeSettings();
  const data = settings.data;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const siteCreditName = useCreditName();
  const creditName = data?.credit_name?.trim() || siteCreditName;
  const tiers = useMemo(() => parseRechargeTiers(data?.recharge_discount), [data?.recharge_discount]);
  const exchange = data?.credit_exchange && data.credit_exchange > 0 ? data.credit_exchange : 1;
  const methods = onlinePayMethods(data?.pay_methods);
  const [selected, setSelected] = useState<number | 'custom' | null>(null);
  const [custom, setCustom] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  const isCustom = selected === 'custom' || (selected === null && tiers.length === 0);
  const amount = isCustom ? (custom ?? 0) : (selected ?? tiers[0]?.amount ?? 0);
  const discount = isCustom ? customAmountDiscount(tiers, amount) : (tiers.find((t) => t.amount === amount)?.discount ?? 1);
  const quantityError = rechargeQuantityError(amount, exchange, creditName);
  const showCustomError = isCustom && (tried || custom !== null) && quantityError !== null;

  async function submit() {
    setTried(true);
    if (quantityError) {
      if (!isCustom) message.error(quantityError);
      return;
    }
    try {
      const order = await create.mutateAsync({ order_type: OrderType.Recharge, quantity: amount });
      onDone();
      navigate(orderHref(order.order_no));
    } catch (e) {
      message.error(errorMessage(e, '订单创建失败'));
    }
  }

  if (settings.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (settings.isError || !data) {
    return (
      <Result
        status="warning"
        title="充值设置加载失败"
        subTitle={errorMessage(settings.error, '请稍后重试')}
        extra={<Button onClick={() => void settings.refetch()}>重新加载</Button>}
      />
    );
  }
  if (!data.enable) return <Result status="info" title={`网站暂未开启${creditName}充值`} subTitle="请联系管理员或稍后再来。" />;
  return (
    <div className="wk-recharge">
      {tiers.length > 0 && (
        <div className="wk-recharge-tiers" role="radiogroup" aria-label="充值档位">
          {tiers.map((t) => {
            const active = !isCustom && amount === t.amount;
            return (
              <Badge.Ribbon key={t.amount} text={discountBadge(t.discount)} color={t.discount < 1 ? 'red' : 'blue'}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={active}
                  className={`wk-recharge-tier${active ? ' is-active' : ''}`}
                  onClick={() => setSelected(t.amount)}
                >
                  <span className="wk-recharge-amount">
                    {t.amount} <small>{creditName}</small>
                  </span>
                  <span className="wk-recharge-price">¥{discountedPrice(t.amount, t.discount, exchange)}</span>
                  {t.discount < 1 && <s className="wk-recharge-original">¥{rechargePrice(t.amount, exchange)}</s>}
                </button>
              </Badge.Ribbon>
            );
          })}
        </div>
      )}
      <div className={`wk-recharge-custom${isCustom ? ' is-active' : ''}`}>
        <span>自定义数量</span>
        <InputNumber
          aria-label={`自定义充值${creditName}数量`}
          min={0}
          step={exchange}
          precision={0}
          value={custom}
          placeholder={`${exchange} 的整数倍`}
          status={showCustomError ? 'error' : undefined}
          onFocus={() => setSelected('custom')}
          onChange={(v) => {
            setSelected('custom');
            setCustom(typeof v === 'number' ? v : null);
          }}
          style={{ width: 180 }}
        />
        <span>{creditName}</span>
        {isCustom && custom !== null && custom > 0 && (
          <span className="wk-recharge-discount">
            ¥{discountedPrice(amount, discount, exchange)}（{discountBadge(discount)}）
          </span>
        )}
      </div>
      {showCustomError ? (
        <div className="wk-recharge-error" role="alert">
          {quantityError}
        </div>
      ) : (
        <p className="wk-recharge-note">
          兑换比例：1 元 = {exchange} {creditName}；自定义数量须为 {exchange} 的整数倍，按不超过该数量的最低档位折扣计价。
        </p>
      )}
      {methods.length === 0 && <Alert type="warning" showIcon title="网站暂未配置在线支付方式，暂时无法充值" style={{ marginBottom: 12 }} />}
      <Button type="primary" size="large" block loading={create.isPending} disabled={methods.length === 0} onClick={() => void submit()}>
        立即充值{quantityError ? '' : ` ¥${discountedPrice(amount, discount, exchange)}`}
      </Button>
    </div>
  );
}
