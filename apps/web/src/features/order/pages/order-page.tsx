import { useSearchParams } from 'react-router-dom';
import { PlaceholderPage } from '../../../app/shell/page';

/** /order?order_no={order_no} */
export default function OrderPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  return <PlaceholderPage title="订单详情" description={orderNo ? `订单号：${orderNo}。在线支付即将上线。` : '订单支付功能正在建设中。'} />;
}
