import type { Outbound } from '../outbound';
import type { TSmsProvider } from '@wenku/contracts';

/** One verification text. */
export interface SmsMessage {
  /** mainland number without country code, e.g. 13800138000 */
  mobile: string;
  code: string;
  templateCode: string;
  signName: string;
  /** how long the code is valid, for templates that mention it */
  ttlMinutes: number;
}

/** The `sms` config section's account fields. */
export interface SmsCredentials {
  accessKey: string;
  secretKey: string;
  /** Tencent SmsSdkAppId, Huawei channel number (通道号) */
  sdkAppId: string;
  /** base URL replacing the vendor's real host (private deployments, tests) */
  endpoint?: string;
  /** the server's outbound client (address filter, OUTBOUND_ALLOW_HOSTS); the strict default when absent */
  outbound?: Outbound;
}

export interface SmsResult {
  ok: boolean;
  /** the vendor's answer as received, kept in sms_logs.response */
  raw: string;
  /** the vendor's error code and message when ok is false */
  error?: string;
}

/** Every SMS gateway behind one call. `send` never throws: network failures come back as ok=false. */
export interface SmsProvider {
  readonly name: TSmsProvider;
  send(message: SmsMessage): Promise<SmsResult>;
}

/** A base URL from config: may be given without scheme; trailing slashes dropped. */
export function baseUrl(endpoint: string | undefined, fallback: string): string {
  const e = (endpoint ?? '').trim();
  if (!e) return fallback;
  return (/^https?:\/\//i.test(e) ? e : `https://${e}`).replace(/\/+$/, '');
}
