import {
  customAmountDiscount,
  DocumentStatus,
  OrderStatus,
  OrderType,
  parseRechargeTiers,
  PaymentMethod,
  VIP_CARD_DAYS,
  VIP_CARD_OPTIONS,
  labelOf,
  MAX_ORDER_FEN,
  type TOrder,
  type TVipCard,
} from '@wenku/contracts';
import { checkTransaction, fenToYuan, PayError } from '../../engines/pay';
import { VendorError } from '../../engines/http';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { OrderViews } from './order.views';
import type { OrderSettlement } from './order.settlement';
import type { OrderItemRow, OrderRow } from './order.repo';
import {
  OrderViewer,
  MAX_PENDING_ORDERS,
  CheckPolicy,
  ONLINE_METHODS,
  CREDIT_REASON,
  METHOD_NAME,
  newOrderNo,
  rechargeFen,
  vipCreditPrice,
  OrderDeps,
  OrderPart,
} from './order.model';

/** What a buyer does: create an order, pay it (online or with credits), ask whether it was paid, close it. */
export class OrderCheckout extends OrderPart {
  readonly checkPolicy: CheckPolicy = { cooldownMs: 10_000, perBuyer: 10, buyerWindowMs: 60_000 };
  /** gateway queries under way in this process, by order number: a caller meanwhile waits for the same answer */
  private readonly checking = new Map<string, Promise<OrderRow>>();
  constructor(
    deps: OrderDeps,
    private readonly views: OrderViews,
    private readonly settlement: OrderSettlement,
  ) {
    super(deps);
  }

  /** Creates an order; every amount is computed here from the settings and the document. */
  async create(userId: number, body: { order_type: number; quantity?: number; document_id?: number; vip_card?: TVipCard }, ip: string): Promise<TOrder> {
    const [pay, system] = await Promise.all([this.settings.get('pay'), this.settings.get('system')]);
    const creditName = system.credit_name || '积分';
    const exchange = pay.credit_exchange;
    let title: string;
    let amount: number;
    let creditPrice = 0;
    let item: Omit<OrderItemRow, 'id' | 'orderId'>;
    if (body.order_type === OrderType.Recharge) {
      if (!pay.enable_recharge) throw badRequest('积分充值未开启');
      const quantity = body.quantity;
      if (quantity === undefined) throw badRequest('请输入充值数量');
      if (quantity % exchange !== 0) throw badRequest(`充值数量必须是 ${exchange} 的整数倍`);
      const discount = customAmountDiscount(parseRechargeTiers(pay.recharge_discount), quantity);
      amount = rechargeFen(quantity, exchange, discount);
      title = `充值 ${quantity} ${creditName}`;
      item = { kind: OrderType.Recharge, quantity, amount, documentId: null, documentTitle: '', vipCard: null, vipDays: null };
    } else if (body.order_type === OrderType.BuyVip) {
      const vip = await this.settings.get('vip');
      if (!vip.enable) throw badRequest('VIP 功能未开启');
      const card = body.vip_card;
      if (card === undefined) throw badRequest('请选择VIP卡');
      const yuan = [vip.year_price, vip.season_price, vip.month_price][card];
      amount = Math.round(Number((yuan * 100).toFixed(6)));
      if (!(amount > 0)) throw badRequest('该VIP卡暂未定价，请联系管理员');
      creditPrice = vipCreditPrice(amount, exchange, vip.credit_price_rule, pay.enable_recharge ? parseRechargeTiers(pay.recharge_discount) : []);
      const label = labelOf(VIP_CARD_OPTIONS, card);
      title = `开通VIP${label}（${VIP_CARD_DAYS[card]}天）`;
      item = { kind: OrderType.BuyVip, quantity: 1, amount, documentId: null, documentTitle: '', vipCard: card, vipDays: VIP_CARD_DAYS[card] };
    } else {
      if (body.document_id === undefined) throw badRequest('请选择要购买的文档');
      const d = await this.documents.views.visible({ id: body.document_id }, { userId, isAdmin: false });
      if (d.status === DocumentStatus.Disabled || d.deletedAt) throw notFound('文档不存在或已被删除');
      if (d.userId === userId) throw badRequest('这是您自己上传的文档，无需购买');
      if (d.price <= 0) throw badRequest('该文档免费，无需购买');
      if (await this.downloads.owns(userId, d.id)) throw badRequest('您已购买过该文档，可直接下载，无需重复购买');
      if (await this.downloads.canDownloadFree(d, userId)) throw badRequest('您已经可以免费下载该文档，无需购买');
      amount = Math.max(1, Math.round(Number(((d.price * 100) / exchange).toFixed(6))));
      creditPrice = d.price;
      title = `购买文档《${d.title.slice(0, 200)}》`;
      item = { kind: OrderType.BuyDocument, quantity: 1, amount, documentId: d.id, documentTitle: d.title.slice(0, 255), vipCard: null, vipDays: null };
    }
    if (amount > MAX_ORDER_FEN) throw badRequest(`单笔订单金额不能超过 ${MAX_ORDER_FEN / 100} 元`);
    if (amount < 1) throw badRequest('订单金额过小');
    const now = Date.now();
    const row = await this.db.transaction(async (tx) => {
      // the buyer's row lock makes the pending-order cap hold under parallel requests
      await this.credits.lock(tx, userId);
      if ((await this.repo.countPending(tx, userId)) >= MAX_PENDING_ORDERS) throw new AppError('rate_limited', '待支付订单过多，请先支付或关闭已有订单');
      const order = await this.repo.insert(
        tx,
        {
          orderNo: newOrderNo(now),
          userId,
          orderType: body.order_type,
          amount,
          creditPrice,
          title,
          ip: ip.slice(0, 64),
          expireAt: new Date(now + pay.order_timeout * 60_000),
        },
        [item],
      );
      await this.repo.addEvent(tx, { orderId: order.id, type: 'created', message: `${title}，金额 ¥${fenToYuan(amount)}`, operatorId: userId });
      return order;
    });
    const [out] = await this.views.withItems([{ order: row }]);
    return out;
  }

  async siteUrl(): Promise<string> {
    return ((await this.settings.get('system')).domain || 'http://localhost:8080').replace(/\/+$/, '');
  }

  /** Starts paying an order: online (a QR code or a cashier URL) or at once with credits. */
  async pay(orderNo: string, method: number, mobile: boolean, viewer: OrderViewer) {
    if (method === PaymentMethod.Credit) return this.payWithCredits(orderNo, viewer.userId);
    const o = await this.repo.byNo(orderNo);
    if (!o || o.userId !== viewer.userId) throw notFound('订单不存在');
    if (o.status === OrderStatus.Paid) return { order_no: o.orderNo, payment_type: o.paymentType, status: OrderStatus.Paid };
    if (o.status === OrderStatus.Closed) throw badRequest('订单已关闭，请重新下单');
    if (o.expireAt && o.expireAt.getTime() <= Date.now()) {
      await this.close(orderNo, viewer, '订单超时未支付，已自动关闭').catch(() => undefined);
      throw badRequest('订单已过期，请重新下单');
    }
    const gw = await this.settlement.gateways();
    const site = await this.siteUrl();
    const notify = (name: string) => `${site}/api/v1/order/notify/${name}`;
    const back = `${site}/order?order_no=${o.orderNo}`;
    const subject = o.title.slice(0, 120);
    const answer: { order_no: string; payment_type: number; status: 1; code_url?: string; pay_url?: string; qrcode_url?: string } = {
      order_no: o.orderNo,
      payment_type: method,
      status: OrderStatus.Pending,
    };
    try {
      if (method === PaymentMethod.Wechat) {
        const r = await gw.wechat().createNative({ out_trade_no: o.orderNo, description: subject, amount_fen: o.amount, notify_url: notify('wechatpay') });
        answer.code_url = r.code_url;
      } else if (method === PaymentMethod.Alipay) {
        const alipay = gw.alipay();
        const minutes = Math.max(1, Math.floor(((o.expireAt?.getTime() ?? Date.now() + 7_200_000) - Date.now()) / 60_000));
        const req = {
          out_trade_no: o.orderNo,
          subject,
          amount_fen: o.amount,
          notify_url: notify('alipay'),
          return_url: back,
          quit_url: back,
          timeout_express: `${minutes}m`,
        };
        answer.pay_url = mobile ? alipay.wapPayUrl(req) : alipay.pagePayUrl(req);
      } else if (method === PaymentMethod.Hupijiao) {
        const r = await gw.hupijiao().createPayment({
          trade_order_id: o.orderNo,
          title: subject,
          amount_fen: o.amount,
          notify_url: notify('hupijiao'),
          return_url: back,
          callback_url: back,
          ...(mobile ? { type: 'WAP' as const, wap_url: site, wap_name: (await this.settings.get('system')).sitename || '文库' } : {}),
        });
        answer.pay_url = r.url;
        if (r.url_qrcode) answer.qrcode_url = r.url_qrcode;
      } else {
        throw badRequest('不支持的支付方式');
      }
    } catch (e) {
      if (e instanceof VendorError || e instanceof PayError) {
        this.log.warn('payment request failed', { orderNo, method, err: e.message, raw: e instanceof VendorError ? e.raw.slice(0, 500) : undefined });
        await this.repo.addEvent(this.db, {
          orderId: o.id,
          type: 'pay_requested',
          paymentType: method,
          message: `发起支付失败：${e.message}`,
          operatorId: viewer.userId,
        });
        throw new AppError(e instanceof VendorError && e.network ? 'unavailable' : 'bad_gateway', `${METHOD_NAME[method]}暂时无法下单：${e.message}`);
      }
      throw e;
    }
    await this.db.transaction(async (tx) => {
      const locked = await this.repo.lockByNo(tx, o.orderNo);
      if (locked?.status === OrderStatus.Pending) await this.repo.update(tx, o.id, { paymentType: method });
      await this.repo.addEvent(tx, {
        orderId: o.id,
        type: 'pay_requested',
        paymentType: method,
        message: `${METHOD_NAME[method]}${mobile ? '（手机）' : ''}`,
        operatorId: viewer.userId,
      });
    });
    return answer;
  }

  /** Pays at once from the buyer's credits, in one transaction with the ledger and the delivery. */
  async payWithCredits(orderNo: string, userId: number) {
    const creditName = (await this.settings.get('system')).credit_name || '积分';
    const pre = await this.repo.byNo(orderNo);
    if (!pre || pre.userId !== userId) throw notFound('订单不存在');
    const buy = await this.settlement.purchaseOf(pre);
    const row = await this.db.transaction(async (tx) => {
      const o = await this.repo.lockByNo(tx, orderNo);
      if (!o || o.userId !== userId) throw notFound('订单不存在');
      if (o.status === OrderStatus.Paid) throw badRequest('订单已支付，请勿重复支付');
      if (o.status === OrderStatus.Closed) throw badRequest('订单已关闭，请重新下单');
      if (o.orderType === OrderType.Recharge) throw badRequest(`充值订单不能使用${creditName}支付`);
      if (o.creditPrice <= 0) throw badRequest(`该订单不能使用${creditName}支付，请选择其他支付方式`);
      // asked first, so that the buyer hears why (not "too few credits"); settle's purchase row still decides
      if (buy && (await this.downloads.owns(userId, buy.documentId, tx))) throw badRequest('您已购买过该文档，无需重复支付，可直接下载');
      await this.credits.change(
        tx,
        { userId, delta: -o.creditPrice, reason: CREDIT_REASON[o.orderType] ?? 'buy', refType: 'order', refId: o.orderNo, remark: o.title },
        `${creditName}不足，支付该订单需要 ${o.creditPrice} ${creditName}`,
      );
      return this.settlement.settle(
        tx,
        o,
        { method: PaymentMethod.Credit, transactionId: '', amountFen: o.amount, data: { credits: o.creditPrice } },
        userId,
        buy,
      );
    });
    return { order_no: row.orderNo, payment_type: PaymentMethod.Credit, status: row.status as 2 };
  }

  async status(orderNo: string, viewer: OrderViewer, check = false) {
    let o = await this.views.visible(orderNo, viewer);
    if (check && o.status === OrderStatus.Pending) o = await this.check(o, viewer.userId);
    return {
      order_no: o.orderNo,
      status: o.status as TOrder['status'],
      payment_type: o.paymentType,
      paid_at: o.paidAt?.toISOString() ?? null,
      closed_at: o.closedAt?.toISOString() ?? null,
    };
  }

  /**
   * "I have paid", throttled: callers while a query of the order is under way in this process share it; otherwise
   * the order's cooldown counter (in the database, so every process shares it) lets one caller per window query
   * and the others read the row (which already holds what that query found); the one who queries spends one of
   * their own queries of the window, past which they hear 429.
   */
  private check(o: OrderRow, askerId: number): Promise<OrderRow> {
    if (!ONLINE_METHODS.includes(o.paymentType)) return Promise.resolve(o);
    const running = this.checking.get(o.orderNo);
    if (running) return running;
    const { cooldownMs, perBuyer, buyerWindowMs } = this.checkPolicy;
    const query = (async () => {
      if ((await this.rates.hit(`order-check:${o.orderNo}`, cooldownMs)).count > 1) return (await this.repo.byNo(o.orderNo)) ?? o;
      if ((await this.rates.hit(`order-check-user:${askerId}`, buyerWindowMs)).count > perBuyer) {
        throw new AppError('rate_limited', '查询支付结果过于频繁，请稍后再试');
      }
      return this.reconcile(o);
    })().finally(() => this.checking.delete(o.orderNo));
    this.checking.set(o.orderNo, query);
    return query;
  }

  /**
   * Asks the gateway the order was sent to whether it was paid (the notification may be late or
   * blocked by a firewall) and delivers when it was, with the same checks as a notification.
   */
  async reconcile(o: OrderRow): Promise<OrderRow> {
    const pay = await this.settings.get('pay');
    try {
      const gw = await this.settlement.gateways();
      if (o.paymentType === PaymentMethod.Wechat) {
        const tx = await gw.wechat().queryOrder(o.orderNo);
        if (tx?.trade_state === 'SUCCESS') {
          await this.settlement.applyPayment(
            o.orderNo,
            { method: 1, transactionId: tx.transaction_id ?? '', amountFen: tx.amount?.total ?? 0, data: { source: 'query', trade_state: tx.trade_state } },
            (row) => checkTransaction(tx, { mchid: pay.wechatpay_mchid, appid: pay.wechatpay_appid, out_trade_no: row.orderNo, amount_fen: row.amount }),
          );
        }
      } else if (o.paymentType === PaymentMethod.Alipay) {
        const t = await gw.alipay().queryTrade(o.orderNo);
        if (t && (t.trade_status === 'TRADE_SUCCESS' || t.trade_status === 'TRADE_FINISHED')) {
          await this.settlement.applyPayment(
            o.orderNo,
            { method: 2, transactionId: t.trade_no, amountFen: t.amount_fen, data: { source: 'query', trade_status: t.trade_status } },
            (row) => {
              if (t.amount_fen !== row.amount)
                throw new PayError('mismatch', `支付宝查询到的金额 ${t.total_amount} 元与订单金额 ${fenToYuan(row.amount)} 元不符`);
            },
          );
        }
      } else {
        const r = await gw.hupijiao().queryOrder(o.orderNo);
        if (r?.paid) {
          await this.settlement.applyPayment(
            o.orderNo,
            { method: 8, transactionId: r.transaction_id, amountFen: o.amount, data: { source: 'query', status: r.status } },
            (row) => {
              if (r.total_fee && Math.round(Number(r.total_fee) * 100) !== row.amount)
                throw new PayError('mismatch', `虎皮椒查询到的金额 ${r.total_fee} 元与订单金额 ${fenToYuan(row.amount)} 元不符`);
            },
          );
        }
      }
    } catch (e) {
      // a gateway that cannot be asked leaves the order as it is; the notification still delivers it
      this.log.warn('payment query failed', { orderNo: o.orderNo, err: (e as Error).message });
    }
    return (await this.repo.byNo(o.orderNo)) ?? o;
  }

  async close(orderNo: string, viewer: OrderViewer, reason = ''): Promise<TOrder> {
    const row = await this.db.transaction(async (tx) => {
      const o = await this.repo.lockByNo(tx, orderNo);
      if (!o || (!viewer.isAdmin && o.userId !== viewer.userId)) throw notFound('订单不存在');
      if (o.status === OrderStatus.Paid) throw badRequest('订单已支付，不能关闭');
      if (o.status === OrderStatus.Closed) throw badRequest('订单已关闭');
      const closed = await this.repo.update(tx, o.id, { status: OrderStatus.Closed, closedAt: new Date() });
      const who = reason || (viewer.userId === o.userId ? '买家关闭订单' : '管理员关闭订单');
      await this.repo.addEvent(tx, { orderId: o.id, type: 'closed', message: who, operatorId: viewer.userId });
      return closed;
    });
    const [out] = await this.views.withItems([{ order: row }]);
    return out;
  }
}
