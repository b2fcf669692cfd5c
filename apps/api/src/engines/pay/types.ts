/**
 * Shared pieces of the payment adapters: the verification error and the fen ↔ yuan conversion. Amounts are
 * integer fen (分) everywhere inside Wenku; yuan strings ('12.30') exist only on the wire.
 */

export type PayErrorCode =
  /** a key that node:crypto cannot read, or an APIv3 key that is not 32 bytes */
  | 'bad_key'
  /** an amount that is not a positive integer of fen, or a yuan string that is not `\d+(.\d{1,2})?` */
  | 'bad_amount'
  /** the signature or hash does not match */
  | 'bad_signature'
  /** WeChat Pay: the notification is signed by a key other than the configured public key id */
  | 'bad_serial'
  /** WeChat Pay: the timestamp is more than 5 minutes away from now */
  | 'expired'
  /** WeChat Pay: AES-256-GCM refused the resource (wrong APIv3 key, or tampered) */
  | 'decrypt_failed'
  /** the notification lacks fields or is not what the adapter expects */
  | 'bad_notification'
  /** signed and valid, but merchant, app, order number or amount is not the expected one */
  | 'mismatch'
  /** signed and valid, but the vendor does not say it is paid */
  | 'not_paid';

/** A payment notification or key the adapter refuses. `message` is readable Chinese, safe to log. */
export class PayError extends Error {
  constructor(
    readonly code: PayErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PayError';
  }
}

/** 1 → '0.01', 1230 → '12.30'. Only non-negative safe integers. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new PayError('bad_amount', `金额必须是以分为单位的非负整数，收到 ${String(fen)}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** '12.30' → 1230, '12.3' → 1230, '12' → 1200; anything else (negative, 3 decimals, exponent, spaces) is refused. */
export function yuanToFen(yuan: string): number {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(yuan));
  if (!m) throw new PayError('bad_amount', `金额格式不正确：${String(yuan)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A positive amount in fen, as every payment request needs. */
export function payableFen(fen: number): number {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new PayError('bad_amount', `支付金额必须是大于 0 的整数（分），收到 ${String(fen)}`);
  return fen;
}

/** Sorted `k=v&k=v` of the given parameters (raw values), skipping the names in `exclude` and empty values. */
export function sortedQuery(params: Record<string, string | number | undefined | null>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
}

/** Form fields as a plain record, from URLSearchParams, a parsed body, or a record. Repeated fields keep the first value. */
export function formRecord(form: URLSearchParams | Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (form instanceof URLSearchParams) {
    for (const [k, v] of form) if (!(k in out)) out[k] = v;
    return out;
  }
  for (const [k, v] of Object.entries(form)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? String(v[0]) : String(v);
  }
  return out;
}
