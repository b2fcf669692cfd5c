import crypto from 'node:crypto';
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
  type TOrderEvent,
  type TRechargeTier,
  type TVipCard,
} from '@wenku/contracts';
import type { Db, Tx } from '../../db/client';
import { checkAlipayNotification, checkHupijiaoNotification, checkTransaction, fenToYuan, PayError } from '../../engines/pay';
import { VendorError } from '../../engines/http';
import type { Outbound } from '../../engines/outbound';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Logger } from '../../kernel/module';
import type { RateCounter } from '../../lib/rate-limit';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { AccountService } from '../account/account.service';
import type { DocumentService } from '../document/document.service';
import type { DownloadService } from '../download/download.service';
import { PayGateways } from './order.gateways';
import type { OrderEventRow, OrderFilter, OrderItemRow, OrderRow, OrderRepo } from './order.repo';

/** Who asks: the buyer, or someone holding the order module's permission. */
export interface OrderViewer {
  userId: number;
  isAdmin: boolean;
}

/** At most this many pending orders per buyer: an order row is cheap, a flood of them is not. */
export const MAX_PENDING_ORDERS = 20;

/**
 * "I have paid" (`GET /order/status?check=true`) sends a signed query to the gateway, which counts against the
 * merchant's quota: at most one query per order per `cooldownMs` (across processes), and at most `perBuyer`
 * queries per asker per `buyerWindowMs`. Mutable only so that a test can make the windows longer than its run.
 */
export interface CheckPolicy {
  cooldownMs: number;
  perBuyer: number;
  buyerWindowMs: number;
}

const ONLINE_METHODS: readonly number[] = [PaymentMethod.Wechat, PaymentMethod.Alipay, PaymentMethod.Hupijiao];

/** What a vendor's notification said, once its signature and fields were checked. */
interface Payment {
  method: number;
  transactionId: string;
  amountFen: number;
  data: Record<string, unknown>;
}

/** A notification's outcome: `ok` means answer the vendor with success (it stops retrying). */
export interface NotifyOutcome {
  ok: boolean;
  message: string;
}

const CREDIT_REASON: Record<number, string> = { [OrderType.BuyVip]: 'buy_vip', [OrderType.BuyDocument]: 'buy_document' };
const METHOD_NAME: Record<number, string> = { 1: '微信支付', 2: '支付宝', 5: '积分', 6: '系统充值', 8: '虎皮椒' };

/** yyyyMMddHHmmss in Beijing time + 8 random digits: sortable, 22 characters, valid for every gateway. */
export function newOrderNo(now = Date.now()): string {
  const t = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const r = crypto.randomInt(0, 100_000_000).toString().padStart(8, '0');
  return `${t}${r}`;
}

/** The money amount of `quantity` credits at `discount`, in fen (half up; float noise removed first). */
export function rechargeFen(quantity: number, creditExchange: number, discount: number): number {
  return Math.round(Number(((quantity * 100 * discount) / creditExchange).toFixed(6)));
}

/** Credits an order costs when paid with credits: its money amount at the exchange rate, rounded up. */
export function fenToCredits(fen: number, creditExchange: number): number {
  return Math.ceil(Number(((fen * creditExchange) / 100).toFixed(6)));
}

/**
 * What a VIP card costs in credits, by `vip.credit_price_rule` (its money price `fen` is primary):
 * - `list` (the default): the money price at the exchange rate divided by the deepest recharge discount, rounded up,
 *   so that credits bought at a discount never buy VIP below its money price (a recharge discount applies to the
 *   recharge only); `tiers` is empty when recharge is off (no discounted credits can be bought);
 * - `exchange`: the money price at the exchange rate (a discount bought with a recharge carries over to VIP);
 * - `off`: 0, VIP cannot be paid with credits.
 */
export function vipCreditPrice(fen: number, creditExchange: number, rule: string, tiers: readonly TRechargeTier[]): number {
  if (rule === 'off') return 0;
  if (rule === 'exchange') return fenToCredits(fen, creditExchange);
  const deepest = tiers.reduce((m, t) => Math.min(m, t.discount), 1);
  return Math.ceil(Number(((fen * creditExchange) / 100 / deepest).toFixed(6)));
}

/**
 * Orders: what a user buys, what it costs (computed here, never sent by a client), paying it online or with
 * credits, and delivering it exactly once — in the transaction that marks the order paid, under the order row's
 * lock, so that repeated or parallel notifications, a close racing a payment, or a credit payment racing a
 * notification can never deliver twice or lose a payment.
 */
export class OrderService {
  readonly checkPolicy: CheckPolicy = { cooldownMs: 10_000, perBuyer: 10, buyerWindowMs: 60_000 };
  /** gateway queries under way in this process, by order number: a caller meanwhile waits for the same answer */
  private readonly checking = new Map<string, Promise<OrderRow>>();

  constructor(
    private readonly db: Db,
    private readonly repo: OrderRepo,
    private readonly settings: ConfigService,
    private readonly credits: CreditService,
    private readonly account: AccountService,
    private readonly documents: DocumentService,
    private readonly downloads: DownloadService,
    private readonly rates: RateCounter,
    private readonly log: Logger,
    /** the server's outbound client: payment gateway bases are typed in the settings */
    private readonly outbound: Outbound,
  ) {}

  // ---------------------------------------------------------------- reading

  private toJson(o: OrderRow, items: OrderItemRow[], username?: string): TOrder {
    return {
      id: o.id,
      order_no: o.orderNo,
      order_type: o.orderType as TOrder['order_type'],
      status: o.status as TOrder['status'],
      amount: o.amount,
      credit_price: o.creditPrice,
      payment_type: o.paymentType,
      title: o.title,
      items: items.map((i) => ({
        kind: i.kind as TOrder['order_type'],
        quantity: i.quantity,
        amount: i.amount,
        ...(i.documentId ? { document_id: i.documentId, document_title: i.documentTitle } : {}),
        ...(i.vipCard !== null ? { vip_card: i.vipCard as TVipCard, vip_days: i.vipDays ?? 0 } : {}),
      })),
      user_id: o.userId,
      ...(username !== undefined ? { username } : {}),
      remark: o.remark,
      ...(o.transactionId ? { transaction_id: o.transactionId } : {}),
      paid_after_close: o.paidAfterClose,
      created_at: o.createdAt.toISOString(),
      expire_at: o.expireAt?.toISOString() ?? null,
      paid_at: o.paidAt?.toISOString() ?? null,
      closed_at: o.closedAt?.toISOString() ?? null,
    };
  }

  private async withItems(rows: { order: OrderRow; username?: string | null }[]): Promise<TOrder[]> {
    const items = await this.repo.itemsOf(rows.map((r) => r.order.id));
    const docIds = [...new Set([...items.values()].flat().flatMap((i) => (i.documentId ? [i.documentId] : [])))];
    const uuids = new Map((docIds.length ? await this.documents.byIds(docIds, true) : []).map((d) => [d.id, d.uuid]));
    return rows.map((r) => {
      const o = this.toJson(r.order, items.get(r.order.id) ?? [], r.username ?? undefined);
      for (const i of o.items) if (i.document_id && uuids.has(i.document_id)) i.document_uuid = uuids.get(i.document_id);
      return o;
    });
  }

  /** The order when the viewer may see it (its buyer or an administrator); anyone else gets "not found". */
  private async visible(orderNo: string, viewer: OrderViewer): Promise<OrderRow> {
    const o = await this.repo.byNo(orderNo);
    if (!o || (!viewer.isAdmin && o.userId !== viewer.userId)) throw notFound('订单不存在');
    return o;
  }

  async detail(orderNo: string, viewer: OrderViewer) {
    const o = await this.visible(orderNo, viewer);
    if (!viewer.isAdmin) return (await this.withItems([{ order: o }]))[0];
    const [[order], events] = await Promise.all([this.withItems([{ order: o, username: await this.repo.usernameOf(o.userId) }]), this.repo.eventsOf(o.id)]);
    return { ...order, events: events.map(eventJson) };
  }

  async status(orderNo: string, viewer: OrderViewer, check = false) {
    let o = await this.visible(orderNo, viewer);
    if (check && o.status === OrderStatus.Pending) o = await this.check(o, viewer.userId);
    return {
      order_no: o.orderNo,
      status: o.status as TOrder['status'],
      payment_type: o.paymentType,
      paid_at: o.paidAt?.toISOString() ?? null,
      closed_at: o.closedAt?.toISOString() ?? null,
    };
  }

  async mine(userId: number, q: { page: number; size: number; status?: number[]; order_type?: number[] }) {
    const { rows, totals } = await this.repo.list({ userId: [userId], status: q.status, orderType: q.order_type }, q.page, q.size);
    return { total: totals.count, order: await this.withItems(rows.map((r) => ({ order: r.order }))) };
  }

  async list(q: {
    page: number;
    size: number;
    wd?: string;
    status?: number[];
    order_type?: number[];
    payment_type?: number[];
    user_id?: number[];
    created_at?: string[];
    paid_after_close?: boolean;
  }) {
    const [from, to] = q.created_at ?? [];
    const f: OrderFilter = {
      wd: q.wd || undefined,
      status: q.status,
      orderType: q.order_type,
      paymentType: q.payment_type,
      userId: q.user_id,
      from: from ? new Date(from) : undefined,
      to: to ? new Date(to) : undefined,
      paidAfterClose: q.paid_after_close,
    };
    const { rows, totals } = await this.repo.list(f, q.page, q.size);
    return { total: totals.count, order: await this.withItems(rows), totals };
  }

  async stats(days: number) {
    const tz = await this.settings.timezone();
    const since = new Date((await this.settings.startOfToday()).getTime() - (days - 1) * 86_400_000);
    const rows = new Map((await this.repo.paidPerDay(since, tz)).map((r) => [r.date, r]));
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    const out: { date: string; amount: number; count: number }[] = [];
    for (let i = 0; i < days; i++) {
      const date = fmt.format(new Date(since.getTime() + i * 86_400_000 + 12 * 3600_000));
      out.push(rows.get(date) ?? { date, amount: 0, count: 0 });
    }
    return { days: out, total_amount: out.reduce((s, d) => s + d.amount, 0), total_count: out.reduce((s, d) => s + d.count, 0) };
  }

  // ---------------------------------------------------------------- creating

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
      const d = await this.documents.visible({ id: body.document_id }, { userId, isAdmin: false });
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
    const [out] = await this.withItems([{ order: row }]);
    return out;
  }

  // ---------------------------------------------------------------- paying

  private async gateways(): Promise<PayGateways> {
    const [pay, certs] = await Promise.all([this.settings.get('pay'), this.repo.certificates()]);
    return new PayGateways(
      pay,
      this.outbound,
      certs.map((c) => ({ serial_no: c.serialNo, pem: c.pem })),
    );
  }

  private async siteUrl(): Promise<string> {
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
    const gw = await this.gateways();
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
  private async payWithCredits(orderNo: string, userId: number) {
    const creditName = (await this.settings.get('system')).credit_name || '积分';
    const pre = await this.repo.byNo(orderNo);
    if (!pre || pre.userId !== userId) throw notFound('订单不存在');
    const buy = await this.purchaseOf(pre);
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
      return this.settle(tx, o, { method: PaymentMethod.Credit, transactionId: '', amountFen: o.amount, data: { credits: o.creditPrice } }, userId, buy);
    });
    return { order_no: row.orderNo, payment_type: PaymentMethod.Credit, status: row.status as 2 };
  }

  /** The document an order buys, read before the delivery's transaction (the transaction uses only its own handle). */
  private async purchaseOf(o: OrderRow): Promise<Purchase | undefined> {
    if (o.orderType !== OrderType.BuyDocument) return undefined;
    const [item] = (await this.repo.itemsOf([o.id])).get(o.id) ?? [];
    if (!item?.documentId) return undefined;
    const [[d], system] = await Promise.all([this.documents.byIds([item.documentId], true), this.settings.get('system')]);
    return {
      documentId: item.documentId,
      sellerId: d?.userId ?? 0,
      price: o.creditPrice,
      title: d?.title ?? item.documentTitle,
      creditName: system.credit_name || '积分',
    };
  }

  /**
   * Marks a locked order paid and delivers it, once: a paid order is returned untouched (a repeated
   * notification); a closed one — even one an administrator deleted since — is delivered all the same, because the
   * money was received, and flagged (a deleted one is restored, so that the flag is seen).
   *
   * A document is delivered once per buyer, whatever the number of orders: the purchase row (unique per buyer and
   * document) decides under concurrency. When the buyer already owns it, a credit payment is refused (the debit
   * rolls back with this transaction) and an online payment, which cannot be refused, is recorded and given back to
   * the buyer as the order's credit price, with a `refunded` event.
   */
  private async settle(tx: Tx, o: OrderRow, p: Payment, operatorId: number, buy: Purchase | undefined): Promise<OrderRow> {
    if (o.status === OrderStatus.Paid) return o;
    const afterClose = o.status === OrderStatus.Closed;
    const deleted = o.deletedAt !== null;
    const [item] = (await this.repo.itemsOf([o.id], tx)).get(o.id) ?? [];
    let refund = 0;
    if (o.orderType === OrderType.Recharge) {
      await this.credits.change(tx, {
        userId: o.userId,
        delta: item?.quantity ?? 0,
        reason: p.method === PaymentMethod.SystemRecharge ? 'system_recharge' : 'recharge',
        refType: 'order',
        refId: o.orderNo,
        remark: o.remark || o.title,
      });
    } else if (o.orderType === OrderType.BuyVip) {
      await this.account.changeVip(tx, operatorId, { user_id: o.userId, card: (item?.vipCard ?? 2) as TVipCard, remark: `订单 ${o.orderNo}` }, 'order');
    } else if (o.orderType === OrderType.BuyDocument && buy) {
      const fresh = await this.downloads.recordPurchase(tx, {
        buyerId: o.userId,
        documentId: buy.documentId,
        sellerId: buy.sellerId,
        price: buy.price,
        title: buy.title,
        orderNo: o.orderNo,
      });
      if (!fresh) {
        if (p.method === PaymentMethod.Credit) throw badRequest('您已购买过该文档，无需重复支付，可直接下载');
        refund = o.creditPrice;
        await this.credits.change(tx, {
          userId: o.userId,
          delta: refund,
          reason: 'refund',
          refType: 'order',
          refId: o.orderNo,
          remark: `已购买过《${buy.title.slice(0, 200)}》，订单 ${o.orderNo} 的付款退为${buy.creditName}`,
        });
      }
    }
    const row = await this.repo.update(tx, o.id, {
      status: OrderStatus.Paid,
      paymentType: p.method,
      transactionId: p.transactionId.slice(0, 64),
      paidAmount: p.amountFen,
      paidAt: new Date(),
      paidAfterClose: afterClose,
      ...(deleted ? { deletedAt: null } : {}),
    });
    const late = deleted ? '；订单关闭并被删除后才到账，已恢复订单并照常发货，请核对' : afterClose ? '；订单已关闭后才到账，已照常发货，请核对' : '';
    await this.repo.addEvent(tx, {
      orderId: o.id,
      type: 'paid',
      paymentType: p.method,
      message: `${METHOD_NAME[p.method] ?? ''}支付 ¥${fenToYuan(p.amountFen)}${p.transactionId ? `，交易号 ${p.transactionId}` : ''}${late}`,
      data: p.data,
      operatorId,
    });
    if (refund > 0 && buy) {
      await this.repo.addEvent(tx, {
        orderId: o.id,
        type: 'refunded',
        paymentType: p.method,
        message: `买家已购买过该文档，未重复发货，卖家未重复得到收益；付款 ¥${fenToYuan(p.amountFen)} 已按订单价格退为 ${refund} ${buy.creditName}，存入买家账户`,
        operatorId,
      });
    }
    return row;
  }

  /**
   * A verified payment for `orderNo`: amount checked against the order, then paid and delivered under the row lock.
   * Everything is logged in the order's events; mismatches change nothing.
   */
  private async applyPayment(orderNo: string, p: Payment, check: (o: OrderRow) => void): Promise<NotifyOutcome> {
    // an order an administrator deleted (only closed ones can be) is still the order this money paid for
    const pre = await this.repo.byNo(orderNo, this.db, true);
    if (!pre) {
      this.log.warn('payment notification for an unknown order', { orderNo, method: p.method });
      return { ok: false, message: '订单不存在' };
    }
    try {
      check(pre);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.log.warn('payment notification refused', { orderNo, method: p.method, err: message });
      await this.repo.addEvent(this.db, { orderId: pre.id, type: 'rejected', paymentType: p.method, message, data: p.data });
      return { ok: e instanceof PayError && e.code === 'not_paid', message };
    }
    const buy = await this.purchaseOf(pre);
    const duplicate = await this.db.transaction(async (tx) => {
      const o = await this.repo.lockByNo(tx, orderNo, true);
      if (!o) throw notFound('订单不存在');
      if (o.status === OrderStatus.Paid) {
        await this.repo.addEvent(tx, { orderId: o.id, type: 'notified', paymentType: p.method, message: '重复的支付通知（订单已支付，未重复发货）' });
        return true;
      }
      await this.repo.addEvent(tx, { orderId: o.id, type: 'notified', paymentType: p.method, message: `${METHOD_NAME[p.method]}通知支付成功`, data: p.data });
      await this.settle(tx, o, p, 0, buy);
      return false;
    });
    return { ok: true, message: duplicate ? '已处理' : '成功' };
  }

  /** POST /order/notify/wechatpay: signature, time, decryption, merchant, app, amount, state — then delivery. */
  async notifyWechat(headers: Record<string, string | string[] | undefined>, raw: string): Promise<NotifyOutcome> {
    const pay = await this.settings.get('pay');
    let wechat;
    try {
      wechat = (await this.gateways()).wechatUnchecked();
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
    let tx;
    try {
      tx = wechat.verifyNotification(headers, raw);
    } catch (e) {
      this.log.warn('WeChat Pay notification refused', { err: (e as Error).message });
      return { ok: false, message: (e as Error).message };
    }
    const data = {
      transaction_id: tx.transaction_id,
      trade_state: tx.trade_state,
      amount: tx.amount,
      success_time: tx.success_time,
      mchid: tx.mchid,
      appid: tx.appid,
    };
    return this.applyPayment(tx.out_trade_no, { method: PaymentMethod.Wechat, transactionId: tx.transaction_id ?? '', amountFen: tx.amount.total, data }, (o) =>
      checkTransaction(tx, { mchid: pay.wechatpay_mchid, appid: pay.wechatpay_appid, out_trade_no: o.orderNo, amount_fen: o.amount }),
    );
  }

  /** POST /order/notify/alipay (form): RSA2 signature with the Alipay public key, app, amount, status. */
  async notifyAlipay(raw: string): Promise<NotifyOutcome> {
    const pay = await this.settings.get('pay');
    let n;
    try {
      n = (await this.gateways()).alipay().verifyNotification(new URLSearchParams(raw));
    } catch (e) {
      this.log.warn('Alipay notification refused', { err: (e as Error).message });
      return { ok: false, message: (e as Error).message };
    }
    const data = { trade_no: n.trade_no, trade_status: n.trade_status, total_amount: n.total_amount, notify_id: n.notify_id, app_id: n.app_id };
    return this.applyPayment(n.out_trade_no, { method: PaymentMethod.Alipay, transactionId: n.trade_no, amountFen: n.amount_fen, data }, (o) =>
      checkAlipayNotification(n, { app_id: pay.alipay_appid, out_trade_no: o.orderNo, amount_fen: o.amount }),
    );
  }

  /** POST /order/notify/hupijiao (form): md5 hash with the secret, order, amount, status OD. */
  async notifyHupijiao(raw: string): Promise<NotifyOutcome> {
    const pay = await this.settings.get('pay');
    let n;
    try {
      n = (await this.gateways()).hupijiao().verifyNotification(new URLSearchParams(raw));
    } catch (e) {
      this.log.warn('Hupijiao notification refused', { err: (e as Error).message });
      return { ok: false, message: (e as Error).message };
    }
    const data = { transaction_id: n.transaction_id, open_order_id: n.open_order_id, status: n.status, total_fee: n.total_fee };
    return this.applyPayment(
      n.trade_order_id,
      { method: PaymentMethod.Hupijiao, transactionId: n.transaction_id || n.open_order_id, amountFen: n.amount_fen, data },
      (o) => checkHupijiaoNotification(n, { trade_order_id: o.orderNo, amount_fen: o.amount, appid: pay.hupijiao_appid }),
    );
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
  private async reconcile(o: OrderRow): Promise<OrderRow> {
    const pay = await this.settings.get('pay');
    try {
      const gw = await this.gateways();
      if (o.paymentType === PaymentMethod.Wechat) {
        const tx = await gw.wechat().queryOrder(o.orderNo);
        if (tx?.trade_state === 'SUCCESS') {
          await this.applyPayment(
            o.orderNo,
            { method: 1, transactionId: tx.transaction_id ?? '', amountFen: tx.amount?.total ?? 0, data: { source: 'query', trade_state: tx.trade_state } },
            (row) => checkTransaction(tx, { mchid: pay.wechatpay_mchid, appid: pay.wechatpay_appid, out_trade_no: row.orderNo, amount_fen: row.amount }),
          );
        }
      } else if (o.paymentType === PaymentMethod.Alipay) {
        const t = await gw.alipay().queryTrade(o.orderNo);
        if (t && (t.trade_status === 'TRADE_SUCCESS' || t.trade_status === 'TRADE_FINISHED')) {
          await this.applyPayment(
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
          await this.applyPayment(
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

  // ---------------------------------------------------------------- closing, deleting, system recharge

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
    const [out] = await this.withItems([{ order: row }]);
    return out;
  }

  /** Closes pending orders whose time is up (the job); a payment arriving later is still delivered. */
  async closeExpired(now = new Date()): Promise<number> {
    let closed = 0;
    for (;;) {
      const nos = await this.repo.expiredPending(now, 200);
      if (!nos.length) return closed;
      for (const no of nos) {
        await this.db.transaction(async (tx) => {
          const o = await this.repo.lockByNo(tx, no);
          if (!o || o.status !== OrderStatus.Pending) return;
          await this.repo.update(tx, o.id, { status: OrderStatus.Closed, closedAt: new Date() });
          await this.repo.addEvent(tx, { orderId: o.id, type: 'closed', message: '订单超时未支付，已自动关闭' });
        });
        closed++;
      }
      if (nos.length < 200) return closed;
    }
  }

  async remove(ids: number[], operatorId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await this.repo.softDeleteClosed(tx, ids);
      if (!rows.length) throw badRequest('只能删除已关闭的订单');
      for (const r of rows) await this.repo.addEvent(tx, { orderId: r.id, type: 'deleted', message: '管理员删除订单', operatorId });
      return rows.length;
    });
  }

  /** An administrator adds credits to a user: a paid order (payment method 6) and its ledger entry, in one transaction. */
  async systemRecharge(operatorId: number, body: { user_id: number; quantity: number; remark: string }): Promise<TOrder> {
    const creditName = (await this.settings.get('system')).credit_name || '积分';
    const row = await this.db.transaction(async (tx) => {
      const title = `系统充值 ${body.quantity} ${creditName}`;
      const order = await this.repo.insert(
        tx,
        {
          orderNo: newOrderNo(),
          userId: body.user_id,
          orderType: OrderType.Recharge,
          amount: 0,
          title,
          remark: body.remark,
          operatorId,
          paymentType: PaymentMethod.SystemRecharge,
        },
        [{ kind: OrderType.Recharge, quantity: body.quantity, amount: 0 }],
      );
      await this.repo.addEvent(tx, {
        orderId: order.id,
        type: 'created',
        paymentType: PaymentMethod.SystemRecharge,
        message: `${title}${body.remark ? `：${body.remark}` : ''}`,
        operatorId,
      });
      return this.settle(
        tx,
        order,
        { method: PaymentMethod.SystemRecharge, transactionId: '', amountFen: 0, data: { remark: body.remark } },
        operatorId,
        undefined,
      );
    });
    const [out] = await this.withItems([{ order: row }]);
    return out;
  }

  // ---------------------------------------------------------------- operator tools

  /** "Test connection": one signed query to a gateway; a well-formed "no such order" answer proves keys and reachability. */
  async testGateway(method: number) {
    const started = performance.now();
    const probe = `TEST${Date.now()}`;
    const done = (ok: boolean, message: string) => ({ ok, message, latency_ms: Math.round(performance.now() - started) });
    try {
      const pay = await this.settings.get('pay');
      const gw = new PayGateways(
        { ...pay, enable_wechatpay: true, enable_alipay: true, enable_hupijiao: true },
        this.outbound,
        (await this.repo.certificates()).map((c) => ({ serial_no: c.serialNo, pem: c.pem })),
      );
      if (method === PaymentMethod.Wechat) {
        const r = await gw.wechat().queryOrder(probe);
        return done(true, r ? `连接正常：查询测试订单返回状态 ${r.trade_state}` : '连接正常：签名通过，测试订单不存在（ORDER_NOT_EXIST）');
      }
      if (method === PaymentMethod.Alipay) {
        const r = await gw.alipay().queryTrade(probe);
        return done(true, r ? `连接正常：查询测试订单返回状态 ${r.trade_status}` : '连接正常：签名通过，测试订单不存在（ACQ.TRADE_NOT_EXIST）');
      }
      const r = await gw.hupijiao().queryOrder(probe);
      return done(true, r ? `连接正常：查询测试订单返回状态 ${r.status}` : '连接正常：签名通过，测试订单不存在');
    } catch (e) {
      return done(false, (e as Error).message);
    }
  }

  /** Downloads WeChat Pay's platform certificates and keeps them (certificate mode); answers what is in use. */
  async wechatCertificates() {
    const pay = await this.settings.get('pay');
    const gw = new PayGateways({ ...pay, enable_wechatpay: true }, this.outbound);
    if (!pay.wechatpay_mchid || !pay.wechatpay_private_key || !pay.wechatpay_serial_no) throw badRequest('请先填写微信支付商户号、证书序列号和商户私钥');
    try {
      const certs = await gw.wechatUnchecked().downloadCertificates();
      await this.repo.saveCertificates(certs);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError(e instanceof VendorError && e.network ? 'unavailable' : 'bad_gateway', `下载平台证书失败：${(e as Error).message}`);
    }
    const stored = await this.repo.certificates();
    return {
      mode: pay.wechatpay_public_key_id && pay.wechatpay_public_key ? ('public_key' as const) : ('certificate' as const),
      certificates: stored.map((c) => ({
        serial_no: c.serialNo,
        effective_time: c.effectiveAt?.toISOString() ?? '',
        expire_time: c.expireAt?.toISOString() ?? '',
      })),
    };
  }
}

interface Purchase {
  documentId: number;
  sellerId: number;
  price: number;
  title: string;
  creditName: string;
}

function eventJson(e: OrderEventRow): TOrderEvent {
  return {
    id: e.id,
    type: e.type as TOrderEvent['type'],
    payment_type: e.paymentType,
    message: e.message,
    operator_id: e.operatorId,
    created_at: e.createdAt.toISOString(),
  };
}
