import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { CloudDownloadOutlined, EyeInvisibleOutlined, FieldTimeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
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

/** The 立即开通 button: buying online arrives with orders, so it is disabled with a note; logged out it leads to login. */
export function VipBuyButton({ loggedIn, isVip }: { loggedIn: boolean; isVip: boolean }) {
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
  return (
    <div className="wk-joinvip-buy">
      <Tooltip title="在线购买即将上线">
        <Button size="large" shape="round" disabled>
          {isVip ? '立即续费' : '立即开通'}
        </Button>
      </Tooltip>
      <span className="wk-joinvip-note">在线购买即将上线</span>
    </div>
  );
}
