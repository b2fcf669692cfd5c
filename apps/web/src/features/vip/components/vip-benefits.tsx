import type { ReactNode } from 'react';
import { App, Button } from 'antd';
import { CloudDownloadOutlined, EyeInvisibleOutlined, FieldTimeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { OrderType, type TVipCard } from '@wenku/contracts/enums';
import { errorMessage } from '../../../lib/api';
import { useCreateOrder } from '../../order/api';
import { orderHref } from '../../order/lib';
import { loginRedirect } from '../../../app/access';
import { vipBenefits, type VipOffer } from '../lib';
import '../vip.css';

const BENEFIT_ICONS: Record<string, ReactNode> = {
  ads: <EyeInvisibleOutlined />,
  free: <CloudDownloadOutlined />,
  times: <FieldTimeOutlined />,
  badge: <SafetyCertificateOutlined />,
};

export function VipBenefitList({ offer, creditName }: { offer: Pick<VipOffer, 'freeDownload' | 'timesEveryDay'>; creditName: string }) {
  return (
    <ul className="wk-vip-benefits">
      {vipBenefits(offer, creditName).map((b) => (
        <li key={b.key}>
          <span className="wk-vip-benefit-icon">{BENEFIT_ICONS[b.key]}</span>
          <div>
            <strong>{b.title}</strong>
            <span>{b.description}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 立即开通 / 立即续费: creates the VIP order of the chosen card (POST /order, order_type 2) and opens its page; logged out it leads to login. */
export function VipBuyButton({ loggedIn, isVip, card, title }: { loggedIn: boolean; isVip: boolean; card: TVipCard | undefined; title?: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateOrder();
  if (!loggedIn) {
    return (
      <div className="wk-joinvip-buy">
        <Link to={loginRedirect('/joinvip')}>
          <Button size="large" shape="round">
            登录后开通
          </Button>
        </Link>
        <span className="wk-joinvip-note">登录后即可开通VIP会员</span>
      </div>
    );
  }
  const buy = async () => {
    if (card === undefined) return;
    try {
      const order = await create.mutateAsync({ order_type: OrderType.BuyVip, vip_card: card });
      navigate(orderHref(order.order_no));
    } catch (e) {
      message.error(errorMessage(e, '订单创建失败'));
    }
  };
  return (
    <div className="wk-joinvip-buy">
      <Button size="large" shape="round" loading={create.isPending} disabled={card === undefined} onClick={() => void buy()}>
        {isVip ? '立即续费' : '立即开通'}
        {title ? ` · ${title}` : ''}
      </Button>
      <span className="wk-joinvip-note">{isVip ? '续费后有效期在当前到期日基础上顺延' : '支付成功后立即生效'}</span>
    </div>
  );
}
