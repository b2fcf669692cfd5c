import { useEffect, useRef, useState } from 'react';
import { App, Button, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { OrderStatus, OrderType } from '@wenku/contracts/enums';
import type { TOrder } from '@wenku/contracts/schemas';
import { ApiError, errorMessage } from '../../../lib/api';
import { Page } from '../../../app/shell/page';
import { useSession } from '../../../app/session';
import { useCreditName, useRechargeSettings } from '../../settings/api';
import { documentHref } from '../../document/lib/href';
import { useCheckPaid, useCloseOrder, useOrder, useOrderStatusPoll, useRefreshAfterPaid } from '../api';
import { ORDER_POLL_LIMIT_MS, orderPayMethods } from '../lib';
import { OrderSummary } from '../components/order-summary';
import { PayPanel } from '../components/pay-panel';
import { RechargeModal } from '../components/recharge-modal';
import '../order.css';

const CRUMBS = [{ title: '我的订单', to: '/me/order' }, { title: '订单支付' }];

/** Where the buyer goes after paying, and where to buy again after a close. */
function orderLinks(order: TOrder): { done: { to: string; label: string }; again?: { to: string; label: string } } {
  const doc = order.items.find((i) => i.kind === OrderType.BuyDocument && i.document_uuid);
  if (order.order_type === OrderType.BuyVip) return { done: { to: '/me/vip', label: '查看会员权益' }, again: { to: '/joinvip', label: '重新开通VIP' } };
  if (order.order_type === OrderType.BuyDocument && doc?.document_uuid) {
    const to = documentHref({ uuid: doc.document_uuid });
    return { done: { to, label: '返回文档下载' }, again: { to, label: '返回文档重新购买' } };
  }
  if (order.order_type === OrderType.Recharge) return { done: { to: '/me', label: '查看我的积分' } };
  return { done: { to: '/me/order', label: '查看我的订单' } };
}

function OrderView({ order, refetch }: { order: TOrder; refetch: () => Promise<unknown> }) {
  const { message, modal } = App.useApp();
  const creditName = useCreditName();
  const recharge = useRechargeSettings();
  const balance = useSession((s) => s.user?.credit_count);
  const refreshAfterPaid = useRefreshAfterPaid();
  const close = useCloseOrder();
  const [since] = useState(() => Date.now());
  const [paidNow, setPaidNow] = useState(false);
  const [rechargeOpen, setRechargeOpen] = useState(false);
  const pending = order.status === OrderStatus.Pending && !paidNow;
  const poll = useOrderStatusPoll(order.order_no, pending, since);
  const polled = poll.data?.status;
  const status = paidNow ? OrderStatus.Paid : polled !== undefined && polled !== OrderStatus.Pending ? polled : order.status;
  const seen = useRef(order.status);
  const [pollStopped, setPollStopped] = useState(false);

  // polling stops after ORDER_POLL_LIMIT_MS (the query's own interval says so); tell the buyer to check by hand
  useEffect(() => {
    if (!pending) return;
    const t = window.setTimeout(() => setPollStopped(true), ORDER_POLL_LIMIT_MS);
    return () => window.clearTimeout(t);
  }, [pending]);

  // The status poll saw the order change: fetch it again; once paid, credits, VIP and the lists refresh too.
  useEffect(() => {
    if (polled === undefined || polled === OrderStatus.Pending || polled === seen.current) return;
    seen.current = polled;
    if (polled === OrderStatus.Paid) void refreshAfterPaid();
    else void refetch();
  }, [polled, refreshAfterPaid, refetch]);

  const markPaid = () => {
    setPaidNow(true);
    seen.current = OrderStatus.Paid;
    void refreshAfterPaid();
  };

  const checkPaid = useCheckPaid(order.order_no);
  const check = async () => {
    try {
      const r = await checkPaid.mutateAsync();
      if (r.status === OrderStatus.Pending) message.info('暂未查询到支付结果，如已支付请稍候片刻');
    } catch (e) {
      message.error(errorMessage(e, '查询支付结果失败'));
    }
  };

  const confirmClose = () =>
    modal.confirm({
      title: '取消订单',
      content: '确定要取消这个订单吗？取消后将无法继续支付。',
      okText: '确定取消',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: async () => {
        try {
          await close.mutateAsync(order.order_no);
          message.success('订单已取消');
          await refetch();
        } catch (e) {
          message.error(errorMessage(e, '取消订单失败'));
        }
      },
    });

  const links = orderLinks(order);
  const shown = { ...order, status };

  if (status === OrderStatus.Paid) {
    return (
      <div className="wk-card wk-order-card">
        <Result
          status="success"
          title="支付成功"
          subTitle={`${order.title}，感谢您的支持！`}
          extra={[
            <Link key="done" to={links.done.to}>
              <Button type="primary">{links.done.label}</Button>
            </Link>,
            <Link key="orders" to="/me/order">
              <Button>我的订单</Button>
            </Link>,
          ]}
        />
        <OrderSummary order={shown} creditName={creditName} />
      </div>
    );
  }
  if (status === OrderStatus.Closed) {
    return (
      <div className="wk-card wk-order-card">
        <Result
          status="info"
          title="订单已关闭"
          subTitle="该订单已关闭，无法继续支付。如需购买，请重新下单。"
          extra={[
            order.order_type === OrderType.Recharge ? (
              <Button key="again" type="primary" onClick={() => setRechargeOpen(true)}>
                重新充值
              </Button>
            ) : links.again ? (
              <Link key="again" to={links.again.to}>
                <Button type="primary">{links.again.label}</Button>
              </Link>
            ) : null,
            <Link key="orders" to="/me/order">
              <Button>我的订单</Button>
            </Link>,
          ]}
        />
        <OrderSummary order={shown} creditName={creditName} />
        <RechargeModal open={rechargeOpen} onClose={() => setRechargeOpen(false)} />
      </div>
    );
  }
  return (
    <div className="wk-card wk-order-card">
      <h2 className="wk-order-heading">订单支付</h2>
      <OrderSummary order={shown} creditName={creditName} />
      {recharge.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : recharge.isError ? (
        <Result
          status="warning"
          title="支付方式加载失败"
          subTitle={errorMessage(recharge.error, '请稍后重试')}
          extra={<Button onClick={() => void recharge.refetch()}>重新加载</Button>}
        />
      ) : (
        <PayPanel
          order={order}
          methods={orderPayMethods(recharge.data?.pay_methods, order)}
          creditName={creditName}
          balance={balance}
          onPaid={markPaid}
          onCheck={() => void check()}
          checking={checkPaid.isPending}
          onClose={confirmClose}
          closing={close.isPending}
          pollStopped={pollStopped}
        />
      )}
    </div>
  );
}

/** /order?order_no={order_no}: what is bought, and paying it (WeChat QR, Alipay, Hupijiao, credits) or closing it. */
export default function OrderPage() {
  const [params] = useSearchParams();
  const orderNo = (params.get('order_no') ?? '').trim();
  const q = useOrder(orderNo);

  let body;
  if (!orderNo) {
    body = (
      <Result
        status="warning"
        title="缺少订单号"
        subTitle="请从“我的订单”中选择要查看的订单。"
        extra={
          <Link to="/me/order">
            <Button type="primary">我的订单</Button>
          </Link>
        }
      />
    );
  } else if (q.isLoading) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (q.isError || !q.data) {
    const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400 || q.error.status === 403);
    body = notFound ? (
      <Result
        status="404"
        title="订单不存在"
        subTitle="没有找到这个订单，请确认订单号是否正确。"
        extra={
          <Link to="/me/order">
            <Button type="primary">我的订单</Button>
          </Link>
        }
      />
    ) : (
      <Result
        status="warning"
        title="订单加载失败"
        subTitle={errorMessage(q.error, '暂时无法获取订单信息，请稍后重试。')}
        extra={<Button onClick={() => void q.refetch()}>重新加载</Button>}
      />
    );
  }

  return (
    <Page title="订单支付" crumbs={CRUMBS} className="wk-order-page">
      {body ? <div className="wk-card wk-order-card">{body}</div> : <OrderView key={q.data!.order_no} order={q.data!} refetch={q.refetch} />}
    </Page>
  );
}
