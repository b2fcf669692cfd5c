import { useState } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { CrownFilled, CrownOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { VipCard, type TVipCard } from '@wenku/contracts/enums';
import { Page } from '../../../app/shell/page';
import { useSession } from '../../../app/session';
import { useCreditName, useSettings } from '../../settings/api';
import { useVipInfo } from '../api';
import { VipCards } from '../components/vip-cards';
import { VipBenefitList, VipBuyButton } from '../components/vip-benefits';
import { vipDaysLeft, vipOfferFromSettings, type VipOffer } from '../lib';
import '../vip.css';

/** /joinvip: the VIP offer (GET /user/vip when logged in, the public settings otherwise). */
export default function JoinVipPage() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const creditName = useCreditName();
  const settings = useSettings();
  const info = useVipInfo();
  const [selected, setSelected] = useState<TVipCard>(VipCard.Year);

  const fromSettings = vipOfferFromSettings(settings.vip);
  const offer: VipOffer = info.data
    ? { enable: info.data.enable, cards: info.data.cards, freeDownload: info.data.free_download, timesEveryDay: info.data.times_every_day }
    : fromSettings;
  const isVip = Boolean(info.data?.is_vip ?? user?.is_vip);
  const expireAt = info.data?.vip_expire_at ?? user?.vip_expire_at ?? null;
  const daysLeft = vipDaysLeft(isVip, expireAt);
  const loading = Boolean(token) && info.isLoading;

  if (!loading && !offer.enable) {
    return (
      <Page title="开通VIP" crumbs={[{ title: '开通VIP' }]}>
        <div className="wk-card">
          <Result
            icon={<CrownOutlined style={{ color: '#d4a24c' }} />}
            title="VIP 功能未开启"
            subTitle="网站暂未开放VIP会员，如有需要请联系网站管理员。"
            extra={
              <Link to="/">
                <Button type="primary">返回首页</Button>
              </Link>
            }
          />
        </div>
      </Page>
    );
  }

  return (
    <Page title="开通VIP" crumbs={[{ title: '开通VIP' }]}>
      <section className="wk-joinvip-hero">
        <CrownFilled className="wk-joinvip-crown" />
        <h1>开通VIP会员，畅享更多特权</h1>
        <p>无广告清爽阅读，优质资料免费下载，每天更多下载次数。</p>
        {token && !loading && (
          <div className="wk-joinvip-status">
            <CrownOutlined />
            {isVip
              ? `您已是VIP会员，${expireAt ? `有效期至 ${dayjs(expireAt).format('YYYY-MM-DD')}${daysLeft !== null ? `（剩余 ${daysLeft} 天）` : ''}` : '长期有效'}`
              : '您还不是VIP会员'}
          </div>
        )}
        <CrownFilled className="wk-joinvip-hero-deco" />
      </section>
      <div className="wk-joinvip-grid">
        <section className="wk-card wk-joinvip-panel">
          <h2>选择会员套餐</h2>
          {loading ? <Skeleton active paragraph={{ rows: 4 }} /> : <VipCards cards={offer.cards} selected={selected} onSelect={setSelected} />}
          <VipBuyButton
            loggedIn={Boolean(token)}
            isVip={isVip}
            card={loading ? undefined : selected}
            title={offer.cards.find((c) => c.card === selected)?.title}
          />
        </section>
        <section className="wk-card wk-joinvip-panel">
          <h2>会员特权</h2>
          <VipBenefitList offer={offer} creditName={creditName} />
        </section>
      </div>
    </Page>
  );
}
