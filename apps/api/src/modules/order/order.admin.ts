import { OrderStatus, OrderType, PaymentMethod, type TOrder } from '@wenku/contracts';
import { VendorError } from '../../engines/http';
import { AppError, badRequest } from '../../lib/errors';
import { PayGateways } from './order.gateways';
import type { OrderViews } from './order.views';
import type { OrderSettlement } from './order.settlement';
import { newOrderNo, OrderDeps, OrderPart } from './order.model';

/** The back office and the job: closing expired orders, deleting closed ones, system recharge, gateway tools. */
export class OrderAdmin extends OrderPart {
  constructor(
    deps: OrderDeps,
    private readonly views: OrderViews,
    private readonly settlement: OrderSettlement,
  ) {
    super(deps);
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
      return this.settlement.settle(
        tx,
        order,
        { method: PaymentMethod.SystemRecharge, transactionId: '', amountFen: 0, data: { remark: body.remark } },
        operatorId,
        undefined,
      );
    });
    const [out] = await this.views.withItems([{ order: row }]);
    return out;
  }

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
