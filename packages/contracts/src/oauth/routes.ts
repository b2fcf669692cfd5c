import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdQuery, ZOk } from '../common/schemas';
import { ZAuthResult } from '../user/schemas';
import * as S from './schemas';

/** Third-party sign-in (OAuth, WeChat mini-program scan, WeChat share signature) and the accounts bound to a user. */
export const oauthRoutes = {
  listUserOAuth: defineRoute({
    method: 'GET',
    path: '/user/oauth',
    auth: 'user',
    summary: '已绑定的第三方账号',
    response: z.object({ oauth: z.array(S.ZUserOAuth) }),
  }),
  deleteUserOAuth: defineRoute({ method: 'DELETE', path: '/user/oauth', auth: 'user', summary: '解绑第三方账号', query: ZIdQuery, response: ZOk }),
  getOAuthConfigs: defineRoute({
    method: 'GET',
    path: '/oauth/configs',
    auth: 'public',
    switches: 'exempt',
    summary: '可用的第三方登录',
    query: z.object({
      redirect_uri: z.string().max(512).optional(),
      binding: z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'binding 格式不正确')
        .optional(),
    }),
    response: z.object({ oauth: z.array(S.ZOAuthConfig) }),
  }),
  oauthLogin: defineRoute({
    method: 'POST',
    path: '/oauth/login',
    auth: 'public',
    switches: 'exempt',
    summary: '第三方登录',
    body: S.ZOAuthLoginBody,
    response: ZAuthResult,
  }),
  oauthBind: defineRoute({ method: 'POST', path: '/oauth/bind', auth: 'user', summary: '绑定第三方账号', body: S.ZOAuthLoginBody, response: ZAuthResult }),
  wechatScanCode: defineRoute({
    method: 'GET',
    path: '/oauth/wechatmp/scan/code',
    auth: 'public',
    switches: 'exempt',
    summary: '小程序扫码登录：获取二维码',
    response: S.ZWechatScanCode,
  }),
  wechatScanStatus: defineRoute({
    method: 'POST',
    path: '/oauth/wechatmp/scan/login/status',
    auth: 'public',
    switches: 'exempt',
    summary: '小程序扫码登录：查询状态',
    body: S.ZWechatScanStatusBody,
    response: S.ZWechatScanStatus,
  }),
  wechatScanConfirm: defineRoute({
    method: 'POST',
    path: '/oauth/wechatmp/scan/confirm',
    auth: 'public',
    switches: 'exempt',
    summary: '小程序扫码登录：小程序确认',
    body: S.ZWechatScanConfirmBody,
    response: ZOk,
  }),
  wxShareSignature: defineRoute({
    method: 'GET',
    path: '/oauth/wxshare/signature',
    auth: 'public',
    switches: 'exempt',
    summary: '微信分享签名',
    query: S.ZWxShareQuery,
    response: S.ZWxShareSignature,
  }),
};
