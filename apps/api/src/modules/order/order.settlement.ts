import { OrderStatus, OrderType, PaymentMethod, type TVipCard } from '@wenku/contracts';
import type { Tx } from '../../db/client';
import { fenToYuan, PayError } from '../../engines/pay';
import { badRequest, notFound } from '../../lib/errors';
import { PayGateways } from './order.gateways';
import type { OrderRow } from './order.repo';
import { Payment, NotifyOutcome, METHOD_NAME, Purchase, OrderPart } from './order.model';

/**
 * Orders: what a user buys, what it costs (computed here, never sent by a client), paying it online or with
 * credits, and delivering it exactly once — in the transaction that marks the order paid, under the order row's
 * lock, so that repeated or parallel notifications, a close racing a payment, or a credit payment racing a
 * notification can never deliver twice or lose a payment.
 */
export class OrderSettlement extends OrderPart {
  async gateways(): Promise<PayGateways> {
    const [pay, certs] = await Promise.all([this.settings.get('pay'), this.repo.certificates()]);
    return new PayGateways(
      pay,
      this.outbound,
      certs.map((c) => ({ serial_no: c.serialNo, pem: c.pem })),
    );
  }

  /** The document an order buys, read before the delivery's transaction (the transaction uses only its own handle). */
  async purchaseOf(o: OrderRow): Promise<Purchase | undefined> {
    if (o.orderType !== OrderType.BuyDocument) return undefined;
    const [item] = (await this.repo.itemsOf([o.id])).get(o.id) ?? [];
    if (!item?.documentId) return undefined;
    const [[d], system] = await Promise.all([this.documents.views.byIds([item.documentId], true), this.settings.get('system')]);
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
  async settle(tx: Tx, o: OrderRow, p: Payment, operatorId: number, buy: Purchase | undefined): Promise<OrderRow> {
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
  async applyPayment(orderNo: string, p: Payment, check: (o: OrderRow) => void): Promise<NotifyOutcome> {
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
}
