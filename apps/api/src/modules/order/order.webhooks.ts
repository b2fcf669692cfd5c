import { PaymentMethod } from '@wenku/contracts';
import { checkAlipayNotification, checkHupijiaoNotification, checkTransaction } from '../../engines/pay';
import type { OrderSettlement } from './order.settlement';
import { NotifyOutcome, OrderDeps, OrderPart } from './order.model';

/** The three vendors' payment notifications: each verified by its vendor's rules, then settled once. */
export class OrderWebhooks extends OrderPart {
  constructor(
    deps: OrderDeps,
    private readonly settlement: OrderSettlement,
  ) {
    super(deps);
  }

  /** POST /order/notify/wechatpay: signature, time, decryption, merchant, app, amount, state — then delivery. */
  async notifyWechat(headers: Record<string, string | string[] | undefined>, raw: string): Promise<NotifyOutcome> {
    const pay = await this.settings.get('pay');
    let wechat;
    try {
      wechat = (await this.settlement.gateways()).wechatUnchecked();
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
    return this.settlement.applyPayment(
      tx.out_trade_no,
      { method: PaymentMethod.Wechat, transactionId: tx.transaction_id ?? '', amountFen: tx.amount.total, data },
      (o) => checkTransaction(tx, { mchid: pay.wechatpay_mchid, appid: pay.wechatpay_appid, out_trade_no: o.orderNo, amount_fen: o.amount }),
    );
  }

  /** POST /order/notify/alipay (form): RSA2 signature with the Alipay public key, app, amount, status. */
  async notifyAlipay(raw: string): Promise<NotifyOutcome> {
    const pay = await this.settings.get('pay');
    let n;
    try {
      n = (await this.settlement.gateways()).alipay().verifyNotification(new URLSearchParams(raw));
    } catch (e) {
      this.log.warn('Alipay notification refused', { err: (e as Error).message });
      return { ok: false, message: (e as Error).message };
    }
    const data = { trade_no: n.trade_no, trade_status: n.trade_status, total_amount: n.total_amount, notify_id: n.notify_id, app_id: n.app_id };
    return this.settlement.applyPayment(n.out_trade_no, { method: PaymentMethod.Alipay, transactionId: n.trade_no, amountFen: n.amount_fen, data }, (o) =>
      checkAlipayNotification(n, { app_id: pay.alipay_appid, out_trade_no: o.orderNo, amount_fen: o.amount }),
    );
  }

  /** POST /order/notify/hupijiao (form): md5 hash with the secret, order, amount, status OD. */
  async notifyHupijiao(raw: string): Promise<NotifyOutcome> {
    const pay = await this.settings.get('pay');
    let n;
    try {
      n = (await this.settlement.gateways()).hupijiao().verifyNotification(new URLSearchParams(raw));
    } catch (e) {
      this.log.warn('Hupijiao notification refused', { err: (e as Error).message });
      return { ok: false, message: (e as Error).message };
    }
    const data = { transaction_id: n.transaction_id, open_order_id: n.open_order_id, status: n.status, total_fee: n.total_fee };
    return this.settlement.applyPayment(
      n.trade_order_id,
      { method: PaymentMethod.Hupijiao, transactionId: n.transaction_id || n.open_order_id, amountFen: n.amount_fen, data },
      (o) => checkHupijiaoNotification(n, { trade_order_id: o.orderNo, amount_fen: o.amount, appid: pay.hupijiao_appid }),
    );
  }
}
