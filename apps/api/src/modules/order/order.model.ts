import crypto from 'node:crypto';
import { OrderType, PaymentMethod, type TOrderEvent, type TRechargeTier } from '@wenku/contracts';
import type { Db } from '../../db/client';
import type { Logger } from '../../kernel/module';
import type { Outbound } from '../../engines/outbound';
import type { RateCounter } from '../../lib/rate-limit';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { AccountService } from '../account/account.service';
import type { DocumentService } from '../document/document.service';
import type { DownloadService } from '../download/download.service';
import type { OrderEventRow, OrderRepo } from './order.repo';

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

export const ONLINE_METHODS: readonly number[] = [PaymentMethod.Wechat, PaymentMethod.Alipay, PaymentMethod.Hupijiao];

/** What a vendor's notification said, once its signature and fields were checked. */
export interface Payment {
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

export const CREDIT_REASON: Record<number, string> = { [OrderType.BuyVip]: 'buy_vip', [OrderType.BuyDocument]: 'buy_document' };
export const METHOD_NAME: Record<number, string> = { 1: '微信支付', 2: '支付宝', 5: '积分', 6: '系统充值', 8: '虎皮椒' };

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

/** The document an order buys, read before the delivery's transaction. */
export interface Purchase {
  documentId: number;
  sellerId: number;
  price: number;
  title: string;
  creditName: string;
}

export function eventJson(e: OrderEventRow): TOrderEvent {
  return {
    id: e.id,
    type: e.type as TOrderEvent['type'],
    payment_type: e.paymentType,
    message: e.message,
    operator_id: e.operatorId,
    created_at: e.createdAt.toISOString(),
  };
}

/** What every part of the order module is made of, passed as one object. */
export interface OrderDeps {
  db: Db;
  repo: OrderRepo;
  settings: ConfigService;
  credits: CreditService;
  account: AccountService;
  documents: DocumentService;
  downloads: DownloadService;
  rates: RateCounter;
  log: Logger;
  /** the server's outbound client: payment gateway bases are typed in the settings */
  outbound: Outbound;
}

/** The dependencies each use case reads as its own fields (`this.repo`, `this.settings` …). */
export abstract class OrderPart {
  protected readonly db: Db;
  protected readonly repo: OrderRepo;
  protected readonly settings: ConfigService;
  protected readonly credits: CreditService;
  protected readonly account: AccountService;
  protected readonly documents: DocumentService;
  protected readonly downloads: DownloadService;
  protected readonly rates: RateCounter;
  protected readonly log: Logger;
  protected readonly outbound: Outbound;
  constructor(deps: OrderDeps) {
    ({
      db: this.db,
      repo: this.repo,
      settings: this.settings,
      credits: this.credits,
      account: this.account,
      documents: this.documents,
      downloads: this.downloads,
      rates: this.rates,
      log: this.log,
      outbound: this.outbound,
    } = deps);
  }
}
