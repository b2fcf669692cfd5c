import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdQuery, ZOk, zList, zInt4 } from '../common/schemas';
import { ZUser } from '../user/schemas';
import * as S from './schemas';

const ZPageOnly = z.object({ page: zInt4.min(1).default(1), size: zInt4.min(1).max(100).default(20) });

/**
 * The personal centre (issue 3): profile, password, sign-in, activity, credits, VIP and AI quota, captchas, and the
 * administrators' punishments and VIP list. Registration, login, users, groups and permissions are the user module's
 * (user/routes.ts); codes by mail and SMS and third-party sign-in are theirs (mail/, sms/, oauth/).
 */
export const accountRoutes = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/user/profile',
    grpc: 'UserAPI/UpdateUserProfile',
    auth: 'user',
    permission: true,
    module: 'user',
    summary: '修改资料（管理员可修改他人）',
    body: S.ZUpdateProfileBody,
    response: ZUser,
  }),
  updatePassword: defineRoute({
    method: 'PUT',
    path: '/user/password',
    grpc: 'UserAPI/UpdateUserPassword',
    auth: 'user',
    permission: true,
    module: 'user',
    summary: '修改密码（管理员可修改他人）',
    body: S.ZUpdatePasswordBody,
    response: S.ZUpdatePasswordResult,
  }),
  signToday: defineRoute({ method: 'PUT', path: '/user/sign', grpc: 'UserAPI/SignToday', auth: 'user', summary: '每日签到', response: S.ZSignResult }),
  getTodaySign: defineRoute({
    method: 'GET',
    path: '/user/sign',
    grpc: 'UserAPI/GetSignedToday',
    auth: 'user',
    summary: '今日签到状态',
    response: S.ZTodaySign,
  }),
  listDynamics: defineRoute({
    method: 'GET',
    path: '/user/dynamic',
    grpc: 'UserAPI/ListUserDynamic',
    auth: 'public',
    summary: '用户动态（不传 id 为自己）',
    query: S.ZUserPageQuery,
    response: zList('dynamic', S.ZDynamic),
  }),
  listCreditLogs: defineRoute({
    method: 'GET',
    path: '/user/credit/log',
    auth: 'user',
    summary: '我的积分明细',
    query: ZPageOnly,
    response: zList('log', S.ZCreditLog),
  }),
  getCaptcha: defineRoute({
    method: 'GET',
    path: '/user/captcha',
    grpc: 'UserAPI/GetUserCaptcha',
    auth: 'public',
    switches: 'exempt',
    summary: '获取验证码',
    query: S.ZCaptchaQuery,
    response: S.ZCaptcha,
  }),
  canUploadDocument: defineRoute({
    method: 'GET',
    path: '/user/caniuploaddocument',
    grpc: 'UserAPI/CanIUploadDocument',
    auth: 'user',
    summary: '能否上传文档',
    response: ZOk,
  }),
  canPublishArticle: defineRoute({
    method: 'GET',
    path: '/user/canipublisharticle',
    grpc: 'UserAPI/CanIPublishArticle',
    auth: 'user',
    summary: '能否发布文章',
    response: ZOk,
  }),
  getVip: defineRoute({ method: 'GET', path: '/user/vip', auth: 'user', summary: '我的VIP', response: S.ZVipInfo }),
  getAiQuota: defineRoute({
    method: 'GET',
    path: '/user/ai/quota',
    auth: 'user',
    permission: true,
    module: 'user',
    summary: 'AI 额度（管理员可查他人）',
    query: z.object({ user_id: zInt4.positive().optional() }),
    response: S.ZAiQuota,
  }),
  setAiQuota: defineRoute({
    method: 'POST',
    path: '/user/ai/quota',
    auth: 'admin',
    module: 'user',
    summary: '设置 AI 额度',
    body: S.ZSetAiQuotaBody,
    response: S.ZAiQuota,
  }),

  // admin: punishments
  createPunishment: defineRoute({
    method: 'POST',
    path: '/punishment',
    grpc: 'PunishmentAPI/CreatePunishment',
    auth: 'admin',
    module: 'punishment',
    summary: '新增惩罚',
    body: S.ZCreatePunishmentBody,
    response: ZOk,
  }),
  updatePunishment: defineRoute({
    method: 'PUT',
    path: '/punishment',
    grpc: 'PunishmentAPI/UpdatePunishment',
    auth: 'admin',
    module: 'punishment',
    summary: '修改惩罚',
    body: S.ZUpdatePunishmentBody,
    response: S.ZPunishment,
  }),
  getPunishment: defineRoute({
    method: 'GET',
    path: '/punishment',
    grpc: 'PunishmentAPI/GetPunishment',
    auth: 'admin',
    module: 'punishment',
    summary: '惩罚详情',
    query: ZIdQuery,
    response: S.ZPunishment,
  }),
  listPunishments: defineRoute({
    method: 'GET',
    path: '/punishment/list',
    grpc: 'PunishmentAPI/ListPunishment',
    auth: 'admin',
    list: true,
    module: 'punishment',
    summary: '惩罚列表',
    query: S.ZListPunishmentsQuery,
    response: zList('punishment', S.ZPunishment),
  }),
  cancelPunishment: defineRoute({
    method: 'PUT',
    path: '/punishment/cancel',
    grpc: 'PunishmentAPI/CancelPunishment',
    auth: 'admin',
    module: 'punishment',
    summary: '取消惩罚',
    body: S.ZCancelPunishmentBody,
    response: ZOk,
  }),

  // admin: VIP
  listVipUsers: defineRoute({
    method: 'GET',
    path: '/vip/list',
    auth: 'admin',
    list: true,
    module: 'vip',
    summary: 'VIP 用户列表',
    query: S.ZListVipUsersQuery,
    response: zList('user', ZUser),
  }),
  grantVip: defineRoute({ method: 'PUT', path: '/vip/grant', auth: 'admin', module: 'vip', summary: '开通或延长VIP', body: S.ZGrantVipBody, response: ZUser }),
};
