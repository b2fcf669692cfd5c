import { z } from 'zod';
import { zTimestamp } from '../common/schemas';
import { OAUTH_TYPES } from './constants';

// ---------- OAuth ----------
export const ZOAuthType = z.enum(OAUTH_TYPES);
export const ZOAuthConfig = z.object({ type: ZOAuthType, title: z.string(), authorize_url: z.string() });
export const ZOAuthLoginBody = z.object({
  type: ZOAuthType,
  code: z.string().min(1, '授权码不能为空').max(512),
  state: z.string().max(512).optional(),
  redirect_uri: z.string().max(512).optional(),
  /** the nonce the browser kept when it started the flow (its sha256 went to GET /oauth/configs as `binding`) */
  nonce: z.string().max(128).optional(),
});
export const ZUserOAuth = z.object({ id: z.number().int(), type: z.string(), nickname: z.string(), avatar: z.string(), created_at: zTimestamp });
export const ZWechatScanCode = z.object({ code: z.string(), qrcode: z.string(), expires_at: zTimestamp });
export const ZWechatScanStatusBody = z.object({ code: z.string().min(1) });
export const ZWechatScanStatus = z.object({ status: z.enum(['waiting', 'confirmed', 'expired']), token: z.string().optional(), user: z.unknown().optional() });
export const ZWechatScanConfirmBody = z.object({ code: z.string().min(1), js_code: z.string().min(1) });
export const ZWxShareQuery = z.object({ url: z.string().min(1) });
export const ZWxShareSignature = z.object({ appid: z.string(), timestamp: z.number().int(), nonce_str: z.string(), signature: z.string() });
