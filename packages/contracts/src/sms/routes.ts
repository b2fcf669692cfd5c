import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdsQuery, ZOk, zList } from '../common/schemas';
import { ZAuthResult } from '../user/schemas';
import * as S from './schemas';

/** SMS: codes by text message, registration, login and finding a password by mobile, the administrators' SMS log. */
export const smsRoutes = {
  sendSmsCode: defineRoute({
    method: 'POST',
    path: '/user/sms/code',
    auth: 'public',
    switches: 'exempt',
    summary: '发送短信验证码',
    body: S.ZSendSmsBody,
    response: z.object({ ok: z.boolean(), interval: z.number().int() }),
  }),
  registerByMobile: defineRoute({
    method: 'POST',
    path: '/user/register/mobile',
    auth: 'public',
    switches: 'exempt',
    summary: '手机号注册',
    body: S.ZMobileRegisterBody,
    response: ZAuthResult,
  }),
  loginByMobile: defineRoute({
    method: 'POST',
    path: '/user/login/mobile',
    auth: 'public',
    switches: 'exempt',
    summary: '手机号登录',
    body: S.ZMobileLoginBody,
    response: ZAuthResult,
  }),
  findPasswordByMobile: defineRoute({
    method: 'POST',
    path: '/user/findpassword/mobile',
    auth: 'public',
    switches: 'exempt',
    summary: '手机号找回密码',
    body: S.ZMobileFindPasswordBody,
    response: ZOk,
  }),
  listSms: defineRoute({
    method: 'GET',
    path: '/sms/list',
    auth: 'admin',
    list: true,
    module: 'sms',
    summary: '短信记录',
    query: S.ZListSmsQuery,
    response: zList('sms', S.ZSmsLog),
  }),
  deleteSms: defineRoute({ method: 'DELETE', path: '/sms', auth: 'admin', module: 'sms', summary: '删除短信记录', query: ZIdsQuery, response: ZOk }),
};
