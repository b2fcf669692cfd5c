import { type TOrder, type TVipCard } from '@wenku/contracts';
import { notFound } from '../../lib/errors';
import type { OrderFilter, OrderItemRow, OrderRow } from './order.repo';
import { OrderViewer, eventJson, OrderPart } from './order.model';

/** Reading orders: the buyer's and the back office's lists and details, and the daily takings. */
export class OrderViews extends OrderPart {
  toJson(o: OrderRow, items: OrderItemRow[], username?: string): TOrder {
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

  async withItems(rows: { order: OrderRow; username?: string | null }[]): Promise<TOrder[]> {
    const items = await this.repo.itemsOf(rows.map((r) => r.order.id));
    const docIds = [...new Set([...items.values()].flat().flatMap((i) => (i.documentId ? [i.documentId] : [])))];
    const uuids = new Map((docIds.length ? await this.documents.views.byIds(docIds, true) : []).map((d) => [d.id, d.uuid]));
    return rows.map((r) => {
      const o = this.toJson(r.order, items.get(r.order.id) ?? [], r.username ?? undefined);
      for (const i of o.items) if (i.document_id && uuids.has(i.document_id)) i.document_uuid = uuids.get(i.document_id);
      return o;
    });
  }

  /** The order when the viewer may see it (its buyer or an administrator); anyone else gets "not found". */
  async visible(orderNo: string, viewer: OrderViewer): Promise<OrderRow> {
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
}
