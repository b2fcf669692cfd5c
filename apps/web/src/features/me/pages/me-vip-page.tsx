import { Alert, Empty, Result, Skeleton, Table, Tag } from 'antd';
import { CrownFilled, CrownOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { ORDER_STATUS_OPTIONS } from '@wenku/contracts';
import { errorMessage } from '../../../lib/api';
import { useCreditName } from '../../settings/api';
import { useVipInfo } from '../../vip/api';
import { VipCards } from '../../vip/components/vip-cards';
import { VipBenefitList, VipBuyButton } from '../../vip/components/vip-benefits';
import { vipDaysLeft } from '../../vip/lib';
import { MeBlock, MeSection } from '../components/me-section';
import { useVipOrders } from '../api';
import '../../vip/vip.css';

function VipOrders() {
  const q = useVipOrders(1);
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, 'VIP订单加载失败')} />;
  return (
    <Table
      size="middle"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data?.order ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无VIP订单" /> }}
      columns={[
        { title: '订单号', dataIndex: 'order_no', render: (v: string) => <Link to={`/order?order_no=${encodeURIComponent(v)}`}>{v}</Link> },
        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => `¥${v.toFixed(2)}` },
        {
          title: '状态',
          dataIndex: 'status',
          render: (v: number) => {
            const o = ORDER_STATUS_OPTIONS.find((x) => x.value === v);
            return <Tag color={v === 2 ? 'success' : v === 3 ? 'default' : 'processing'}>{o?.label ?? '未知'}</Tag>;
          },
        },
        { title: '下单时间', dataIndex: 'created_at', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
      ]}
    />
  );
}

/** /me/vip: status and expiry, the three cards, the benefits, VIP orders (GET /user/vip, GET /user/vip/order). */
export default function MeVipPage() {
  const creditName = useCreditName();
  const info = useVipInfo();

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
        <Result icon={<CrownOutlined style={{ color: '#d4a24c' }} />} title="VIP会员暂未开放" subTitle="网站尚未开启VIP会员，敬请期待。" />
      </MeSection>
    );
  }
  const daysLeft = vipDaysLeft(v.is_vip, v.vip_expire_at);
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
        <VipCards cards={v.cards} />
        <VipBuyButton loggedIn isVip={v.is_vip} />
      </MeBlock>
      <MeBlock title="会员特权">
        <VipBenefitList offer={{ freeDownload: v.free_download, timesEveryDay: v.times_every_day }} creditName={creditName} />
      </MeBlock>
      <MeBlock title="VIP订单">
        <VipOrders />
      </MeBlock>
    </MeSection>
  );
}
