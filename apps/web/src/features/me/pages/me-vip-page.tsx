import { useState } from 'react';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { CrownFilled, CrownOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { OrderStatus, VipCard, type TVipCard } from '@wenku/contracts/enums';
import type { TOrder } from '@wenku/contracts/schemas';
import { errorMessage } from '../../../lib/api';
import { useCreditName } from '../../settings/api';
import { useVipInfo } from '../../vip/api';
import { VipCards } from '../../vip/components/vip-cards';
import { VipBenefitList, VipBuyButton } from '../../vip/components/vip-benefits';
import { vipDaysLeft } from '../../vip/lib';
import { OrderStatusTag } from '../../order/components/order-status-tag';
import { formatFen, orderHref, paymentMethodLabel } from '../../order/lib';
import { MeBlock, MeSection } from '../components/me-section';
import { MeTable } from '../components/me-table';
import { useVipOrders } from '../api';
import '../../vip/vip.css';

const SIZE = 10;

function VipOrders({ creditName }: { creditName: string }) {
  const [page, setPage] = useState(1);
  const q = useVipOrders(page, SIZE);
  const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');
  const action = (r: TOrder) =>
    r.status === OrderStatus.Pending ? (
      <Link to={orderHref(r.order_no)}>
        <Button size="small" type="primary">
          去支付
        </Button>
      </Link>
    ) : null;
  return (
    <MeTable<TOrder>
      query={q}
      rows={q.data?.order}
      errorText="VIP订单加载失败"
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无VIP订单" />}
      page={page}
      size={SIZE}
      onPage={setPage}
      item={(r) => ({
        key: r.id,
        title: r.title,
        to: orderHref(r.order_no),
        meta: [formatFen(r.amount), <OrderStatusTag key="s" status={r.status} />, time(r.created_at)],
        extra: action(r),
      })}
      columns={[
        { title: '订单号', dataIndex: 'order_no', render: (v: string) => <Link to={orderHref(v)}>{v}</Link> },
        { title: '套餐', dataIndex: 'title' },
        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatFen(v) },
        { title: '支付方式', dataIndex: 'payment_type', render: (v: number) => paymentMethodLabel(v, creditName) },
        { title: '状态', dataIndex: 'status', render: (v: number) => <OrderStatusTag status={v} /> },
        { title: '下单时间', dataIndex: 'created_at', render: time },
        { title: '操作', key: 'action', render: (_: unknown, r) => action(r) },
      ]}
    />
  );
}

/** /me/vip: status and expiry, the cards to open or renew, the benefits, VIP orders (GET /user/vip, GET /user/vip/order). */
export default function MeVipPage() {
  const creditName = useCreditName();
  const info = useVipInfo();
  const [selected, setSelected] = useState<TVipCard>(VipCard.Year);

  if (info.isLoading) {
    return (
      <MeSection path="vip">
        <Skeleton active paragraph={{ rows: 6 }} />
      </MeSection>
    );
  }
  if (info.isError || !info.data) {
    return (
      <MeSection path="vip">
        <Alert type="error" showIcon title={errorMessage(info.error, 'VIP信息加载失败')} />
      </MeSection>
    );
  }
  const v = info.data;
  if (!v.enable) {
    return (
      <MeSection path="vip">
        <Result icon={<CrownOutlined style={{ color: '#d4a24c' }} />} title="VIP 功能未开启" subTitle="网站暂未开放VIP会员，如有需要请联系网站管理员。" />
        {v.is_vip && (
          <Alert type="info" showIcon title={`您的VIP会员${v.vip_expire_at ? `有效期至 ${dayjs(v.vip_expire_at).format('YYYY年M月D日')}` : '长期有效'}`} />
        )}
      </MeSection>
    );
  }
  const daysLeft = vipDaysLeft(v.is_vip, v.vip_expire_at);
  const card = v.cards.find((c) => c.card === selected);
  return (
    <MeSection path="vip">
      <div className="wk-me-vip-status">
        <CrownFilled />
        <div>
          <h3>{v.is_vip ? '尊贵的VIP会员' : '您还不是VIP会员'}</h3>
          <p>
            {v.is_vip
              ? v.vip_expire_at
                ? `有效期至 ${dayjs(v.vip_expire_at).format('YYYY年M月D日')}${daysLeft !== null ? `，剩余 ${daysLeft} 天` : ''}`
                : '长期有效'
              : '开通VIP，免广告、免费下载付费文档'}
          </p>
        </div>
        <div className="wk-me-vip-status-action">
          <Link to="/joinvip" style={{ color: '#ffe2a8' }}>
            了解VIP特权
          </Link>
        </div>
      </div>
      <MeBlock title={v.is_vip ? '续费套餐' : '开通套餐'}>
        <VipCards cards={v.cards} selected={selected} onSelect={setSelected} />
        <VipBuyButton loggedIn isVip={v.is_vip} card={card ? selected : undefined} title={card?.title} />
      </MeBlock>
      <MeBlock title="会员特权">
        <VipBenefitList offer={{ freeDownload: v.free_download, timesEveryDay: v.times_every_day }} creditName={creditName} />
      </MeBlock>
      <MeBlock title="VIP订单">
        <VipOrders creditName={creditName} />
      </MeBlock>
    </MeSection>
  );
}
