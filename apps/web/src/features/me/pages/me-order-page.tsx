import { useState } from 'react';
import { App, Button, Empty, Space, Tabs, Tooltip } from 'antd';
import { CrownOutlined, PayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { OrderStatus } from '@wenku/contracts/enums';
import type { TOrder } from '@wenku/contracts/schemas';
import { errorMessage } from '../../../lib/api';
import { useCreditName, useRechargeSettings, useSettings } from '../../settings/api';
import { RechargeModal } from '../../order/components/recharge-modal';
import { OrderStatusTag } from '../../order/components/order-status-tag';
import { useCloseOrder, useMyOrders } from '../../order/api';
import { formatFen, orderHref, paymentMethodLabel } from '../../order/lib';
import { MeTable } from '../components/me-table';
import { MeSection } from '../components/me-section';

const SIZE = 10;
const STATUS_TABS = [
  { key: '0', label: '全部' },
  { key: String(OrderStatus.Pending), label: '待支付' },
  { key: String(OrderStatus.Paid), label: '已支付' },
  { key: String(OrderStatus.Closed), label: '已关闭' },
];

/** /me/order: my orders (GET /user/order) by status, with 去支付 and 关闭 for pending ones, and the way to recharge. */
export default function MeOrderPage() {
  const recharge = useRechargeSettings();
  const { vip } = useSettings();
  const creditName = useCreditName();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const q = useMyOrders(page, SIZE, status);
  const close = useCloseOrder();
  const rechargeEnabled = Boolean(recharge.data?.enable);

  const confirmClose = (order: TOrder) =>
    modal.confirm({
      title: '关闭订单',
      content: `确定要关闭订单“${order.title}”吗？关闭后将无法继续支付。`,
      okText: '确定关闭',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await close.mutateAsync(order.order_no);
          message.success('订单已关闭');
        } catch (e) {
          message.error(errorMessage(e, '关闭订单失败'));
        }
      },
    });

  const actions = (r: TOrder) =>
    r.status === OrderStatus.Pending ? (
      <Space size={4} wrap>
        <Link to={orderHref(r.order_no)}>
          <Button size="small" type="primary">
            去支付
          </Button>
        </Link>
        <Button size="small" danger onClick={() => confirmClose(r)}>
          关闭
        </Button>
      </Space>
    ) : (
      <Link to={orderHref(r.order_no)}>详情</Link>
    );

  const rechargeButton = (
    <Button type="primary" icon={<PayCircleOutlined />} disabled={!rechargeEnabled} onClick={() => setOpen(true)}>
      {creditName}充值
    </Button>
  );
  const buttons = (
    <Space wrap>
      {rechargeEnabled ? rechargeButton : <Tooltip title={`网站暂未开启${creditName}充值`}>{rechargeButton}</Tooltip>}
      {vip.enable && (
        <Link to="/joinvip">
          <Button icon={<CrownOutlined />}>开通VIP</Button>
        </Link>
      )}
    </Space>
  );
  const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

  return (
    <MeSection path="order" extra={buttons}>
      <Tabs
        activeKey={String(status)}
        items={STATUS_TABS}
        onChange={(k) => {
          setStatus(Number(k));
          setPage(1);
        }}
      />
      <MeTable<TOrder>
        query={q}
        rows={q.data?.order}
        errorText="订单加载失败"
        empty={<Empty className="wk-me-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={status ? '没有该状态的订单' : '暂无订单'} />}
        page={page}
        size={SIZE}
        onPage={setPage}
        item={(r) => ({
          key: r.id,
          title: r.title,
          to: orderHref(r.order_no),
          meta: [
            <strong key="a">{formatFen(r.amount)}</strong>,
            <OrderStatusTag key="s" status={r.status} />,
            r.payment_type ? paymentMethodLabel(r.payment_type, creditName) : null,
            time(r.created_at),
            <span key="n" className="wk-me-muted">
              {r.order_no}
            </span>,
          ].filter(Boolean),
          extra: actions(r),
        })}
        columns={[
          { title: '订单号', dataIndex: 'order_no', render: (v: string) => <Link to={orderHref(v)}>{v}</Link> },
          { title: '商品', dataIndex: 'title', ellipsis: true },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => formatFen(v) },
          { title: '支付方式', dataIndex: 'payment_type', render: (v: number) => paymentMethodLabel(v, creditName) },
          { title: '状态', dataIndex: 'status', render: (v: number) => <OrderStatusTag status={v} /> },
          { title: '下单时间', dataIndex: 'created_at', render: time },
          { title: '操作', key: 'action', fixed: 'right', render: (_: unknown, r) => actions(r) },
        ]}
      />
      <RechargeModal open={open} onClose={() => setOpen(false)} />
    </MeSection>
  );
}
