import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OrderType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { NotifyOutcome, OrderViewer } from './order.service';

const viewer = (req: FastifyRequest): OrderViewer => ({ userId: req.auth!.userId, isAdmin: req.permitted === true });

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
    createOrder: { rateLimit: perBuyer, handler: ({ req, body }) => orders.create(req.auth!.userId, body!, req.ip) },
    getOrder: ({ req, query }) => orders.detail(query!.order_no, viewer(req)),
    getOrderStatus: ({ req, query }) => orders.status(query!.order_no, viewer(req), query!.check === true),
    payOrder: { rateLimit: perBuyer, handler: ({ req, body }) => orders.pay(body!.order_no, body!.payment_type, body!.mobile, viewer(req)) },
    closeOrder: ({ req, body }) => orders.close(body!.order_no, viewer(req)),
    deleteOrders: async ({ req, query }) => ({ ok: (await orders.remove(query!.id, req.auth!.userId)) > 0 }),
    listOrders: ({ query }) => orders.list(query!),
    orderStats: ({ query }) => orders.stats(query!.days),
    systemRecharge: ({ req, body }) => orders.systemRecharge(req.auth!.userId, body!),
    listMyOrders: ({ req, query }) => orders.mine(req.auth!.userId, query!),
    listVipOrders: ({ req, query }) => orders.mine(req.auth!.userId, { ...query!, order_type: [OrderType.BuyVip] }),
    testPayGateway: ({ body }) => orders.testGateway(body!.payment_type),
    getWechatpayCert: () => orders.wechatCertificates(),
    wechatpayNotify: { ...NOTIFY_LIMIT, handler: async ({ req, reply, body }) => wechatAnswer(reply, await orders.notifyWechat(req.headers, body ?? '')) },
    alipayNotify: { ...NOTIFY_LIMIT, handler: async ({ reply, body }) => textAnswer(reply, await orders.notifyAlipay(body ?? '')) },
    hupijiaoNotify: { ...NOTIFY_LIMIT, handler: async ({ reply, body }) => textAnswer(reply, await orders.notifyHupijiao(body ?? '')) },
  };
}
