import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OrderType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import type { NotifyOutcome, OrderViewer } from './order.service';

const viewer = (auth: AuthState, permitted: boolean): OrderViewer => ({ userId: auth.userId, isAdmin: permitted });

/**
 * Buyers' writes are counted per token (the limit runs before authentication; a made-up token is refused right
 * after it), so that many buyers behind one address (a campus, an office) do not share one budget.
 */
const perBuyer = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => {
    const auth = req.headers.authorization;
    return auth ? `buyer:${crypto.createHash('sha256').update(auth).digest('base64url').slice(0, 22)}` : `ip:${req.ip}`;
  },
};

/** Notifications from one address: generous (a vendor retries, and several orders are paid at once), but bounded. */
const NOTIFY_LIMIT = { rateLimit: { max: 600, timeWindow: '1 minute' } };

/** WeChat Pay expects 200/204 on success and a 4xx/5xx with `{code: "FAIL", message}` otherwise (it retries). */
function wechatAnswer(reply: FastifyReply, r: NotifyOutcome) {
  if (r.ok) return reply.code(204).send();
  return reply.code(400).type('application/json; charset=utf-8').send({ code: 'FAIL', message: r.message });
}

/** Alipay and Hupijiao expect the plain body `success`; anything else makes them retry. */
function textAnswer(reply: FastifyReply, r: NotifyOutcome) {
  return reply
    .code(r.ok ? 200 : 400)
    .type('text/plain; charset=utf-8')
    .send(r.ok ? 'success' : `fail: ${r.message}`);
}

export function orderRoutes({ orders }: Deps): RouteHandlers {
  return {
    createOrder: { rateLimit: perBuyer, handler: ({ req, body, auth }) => orders.checkout.create(auth.userId, body, req.ip) },
    getOrder: ({ req, query, auth }) => orders.views.detail(query.order_no, viewer(auth, req.permitted)),
    getOrderStatus: ({ req, query, auth }) => orders.checkout.status(query.order_no, viewer(auth, req.permitted), query.check === true),
    payOrder: {
      rateLimit: perBuyer,
      handler: ({ req, body, auth }) => orders.checkout.pay(body.order_no, body.payment_type, body.mobile, viewer(auth, req.permitted)),
    },
    closeOrder: ({ req, body, auth }) => orders.checkout.close(body.order_no, viewer(auth, req.permitted)),
    deleteOrders: async ({ query, auth }) => ({ ok: (await orders.admin.remove(query.id, auth.userId)) > 0 }),
    listOrders: ({ query }) => orders.views.list(query),
    orderStats: ({ query }) => orders.views.stats(query.days),
    systemRecharge: ({ body, auth }) => orders.admin.systemRecharge(auth.userId, body),
    listMyOrders: ({ query, auth }) => orders.views.mine(auth.userId, query),
    listVipOrders: ({ query, auth }) => orders.views.mine(auth.userId, { ...query, order_type: [OrderType.BuyVip] }),
    testPayGateway: ({ body }) => orders.admin.testGateway(body.payment_type),
    getWechatpayCert: () => orders.admin.wechatCertificates(),
    wechatpayNotify: {
      ...NOTIFY_LIMIT,
      handler: async ({ req, reply, body }) => wechatAnswer(reply, await orders.webhooks.notifyWechat(req.headers, body ?? '')),
    },
    alipayNotify: { ...NOTIFY_LIMIT, handler: async ({ reply, body }) => textAnswer(reply, await orders.webhooks.notifyAlipay(body ?? '')) },
    hupijiaoNotify: { ...NOTIFY_LIMIT, handler: async ({ reply, body }) => textAnswer(reply, await orders.webhooks.notifyHupijiao(body ?? '')) },
  };
}
