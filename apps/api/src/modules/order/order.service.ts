import { OrderAdmin } from './order.admin';
import { OrderCheckout } from './order.checkout';
import type { OrderDeps } from './order.model';
import { OrderSettlement } from './order.settlement';
import { OrderViews } from './order.views';
import { OrderWebhooks } from './order.webhooks';

export {
  MAX_PENDING_ORDERS,
  fenToCredits,
  newOrderNo,
  rechargeFen,
  vipCreditPrice,
  type CheckPolicy,
  type NotifyOutcome,
  type OrderViewer,
} from './order.model';

/**
 * Orders, by use case: what a user buys and what it costs (`checkout`, computed here, never sent by a client), the
 * vendors' notifications (`webhooks`), delivering exactly once (`settlement`), reading (`views`) and the back office
 * (`admin`). Each is built from one dependencies object.
 */
export interface OrderService {
  views: OrderViews;
  settlement: OrderSettlement;
  checkout: OrderCheckout;
  webhooks: OrderWebhooks;
  admin: OrderAdmin;
}

export function createOrderService(deps: OrderDeps): OrderService {
  const views = new OrderViews(deps);
  const settlement = new OrderSettlement(deps);
  return {
    views,
    settlement,
    checkout: new OrderCheckout(deps, views, settlement),
    webhooks: new OrderWebhooks(deps, settlement),
    admin: new OrderAdmin(deps, views, settlement),
  };
}
