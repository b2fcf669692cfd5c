import { defineModule } from '../../kernel/module';
import { OrderRepo } from './order.repo';
import { createOrderService, type OrderService } from './order.service';
import { orderRoutes } from './order.routes';
import { closeExpiredOrdersJob } from './order.jobs';

declare module '../../kernel/module' {
  interface Services {
    orders: OrderService;
  }
}

/** Orders: recharge, VIP and document purchases; WeChat Pay, Alipay, Hupijiao and credits; delivery exactly once. */
export default defineModule({
  name: 'order',
  create: ({ db, settings, credits, account, documents, downloads, rates, log, outbound }) => ({
    orders: createOrderService({ db, repo: new OrderRepo(db), settings, credits, account, documents, downloads, rates, log, outbound }),
  }),
  routes: orderRoutes,
  jobs: ({ orders }) => [closeExpiredOrdersJob.handle(async () => ({ closed: await orders.admin.closeExpired() }))],
});
