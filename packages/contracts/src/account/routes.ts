import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdQuery, ZIdsQuery, ZOk, zList, zInt4 } from '../common/schemas';
import { ZAuthResult, ZUser, ZGroup, ZPermission } from '../user/schemas';
import * as S from './schemas';

const ZPageOnly = z.object({ page: zInt4.min(1).default(1), size: zInt4.min(1).max(100).default(20) });

/** Everything a person does with an account (issue 3). */
export const accountRoutes = {
  updateProfile: defineRoute({ method: 'PUT', path: '/user/profile', auth: 'user', permission: true, module: 'user', summary: '修改资料（管理员可修改他人）', body: S.ZUpdateProfileBody, response: ZUser }),
  updatePassword: defineRoute({ method: 'PUT', path: '/user/password', auth: 'user', permission: true, module: 'user', summary: '修改密码（管理员可修改他人）', body: S.ZUpdatePasswordBody, response: S.ZUpdatePasswordResult }),
  signToday: defineRoute({ method: 'PUT', path: '/user/sign', auth: 'user', summary: '每日签到', response: S.ZSignResult }),
  getTodaySign: defineRoute({ method: 'GET', path: '/user/sign', auth: 'user', summary: '今日签到状态', response: S.ZTodaySign }),
  listDynamics: defineRoute({ method: 'GET', path: '/user/dynamic', auth: 'public', summary: '用户动态（不传 id 为自己）', query: S.ZUserPageQuery, response: zList('dynamic', S.ZDynamic) }),
  listCreditLogs: defineRoute({ method: 'GET', path: '/user/credit/log', auth: 'user', summary: '我的积分明细', query: ZPageOnly, response: zList('log', S.ZCreditLog) }),
  getCaptcha: defineRoute({ method: 'GET', path: '/user/captcha', auth: 'public', summary: '获取验证码', query: S.ZCaptchaQuery, response: S.ZCaptcha }),
  sendEmailCode: defineRoute({ method: 'POST', path: '/user/email/code', auth: 'public', summary: '发送邮箱验证码', body: S.ZEmailCodeBody, response: ZOk }),
  findPasswordStepOne: defineRoute({ method: 'POST', path: '/user/findpassword/stepone', auth: 'public', summary: '找回密码：发送重置邮件', body: S.ZFindPasswordStepOneBody, response: ZOk }),
  findPasswordStepTwo: defineRoute({ method: 'PUT', path: '/user/findpassword/steptwo', auth: 'public', summary: '找回密码：设置新密码', body: S.ZFindPasswordStepTwoBody, response: ZOk }),
  sendSmsCode: defineRoute({ method: 'POST', path: '/user/sms/code', auth: 'public', summary: '发送短信验证码', body: S.ZSendSmsBody, response: z.object({ ok: z.boolean(), interval: z.number().int() }) }),
  registerByMobile: defineRoute({ method: 'POST', path: '/user/register/mobile', auth: 'public', summary: '手机号注册', body: S.ZMobileRegisterBody, response: ZAuthResult }),
  loginByMobile: defineRoute({ method: 'POST', path: '/user/login/mobile', auth: 'public', summary: '手机号登录', body: S.ZMobileLoginBody, response: ZAuthResult }),
  findPasswordByMobile: defineRoute({ method: 'POST', path: '/user/findpassword/mobile', auth: 'public', summary: '手机号找回密码', body: S.ZMobileFindPasswordBody, response: ZOk }),
  canUploadDocument: defineRoute({ method: 'GET', path: '/user/caniuploaddocument', auth: 'user', summary: '能否上传文档', response: ZOk }),
  canPublishArticle: defineRoute({ method: 'GET', path: '/user/canipublisharticle', auth: 'user', summary: '能否发布文章', response: ZOk }),
  getVip: defineRoute({ method: 'GET', path: '/user/vip', auth: 'user', summary: '我的VIP', response: S.ZVipInfo }),
  listVipOrders: defineRoute({ method: 'GET', path: '/user/vip/order', auth: 'user', summary: '我的VIP订单', query: ZPageOnly, response: zList('order', z.object({ id: z.number().int(), order_no: z.string(), amount: z.number(), status: z.number().int(), created_at: z.string() })) }),
  getAiQuota: defineRoute({ method: 'GET', path: '/user/ai/quota', auth: 'user', permission: true, module: 'user', summary: 'AI 额度（管理员可查他人）', query: z.object({ user_id: zInt4.positive().optional() }), response: S.ZAiQuota }),
  setAiQuota: defineRoute({ method: 'POST', path: '/user/ai/quota', auth: 'admin', module: 'user', summary: '设置 AI 额度', body: S.ZSetAiQuotaBody, response: S.ZAiQuota }),
  listUserOAuth: defineRoute({ method: 'GET', path: '/user/oauth', auth: 'user', summary: '已绑定的第三方账号', response: z.object({ oauth: z.array(S.ZUserOAuth) }) }),
  deleteUserOAuth: defineRoute({ method: 'DELETE', path: '/user/oauth', auth: 'user', summary: '解绑第三方账号', query: ZIdQuery, response: ZOk }),

  // admin: users
  createUser: defineRoute({ method: 'POST', path: '/user', auth: 'admin', module: 'user', summary: '新增用户', body: S.ZCreateUserBody, response: ZUser }),
  setUser: defineRoute({ method: 'PUT', path: '/user', auth: 'admin', module: 'user', summary: '修改用户', body: S.ZSetUserBody, response: ZUser }),
  deleteUser: defineRoute({ method: 'DELETE', path: '/user', auth: 'admin', module: 'user', summary: '删除用户', query: S.ZDeleteUserQuery, response: ZOk }),

  // admin: groups & permissions
  createGroup: defineRoute({ method: 'POST', path: '/group', auth: 'admin', module: 'group', summary: '新增用户组', body: S.ZGroupBody, response: ZGroup }),
  updateGroup: defineRoute({ method: 'PUT', path: '/group', auth: 'admin', module: 'group', summary: '修改用户组', body: S.ZUpdateGroupBody, response: ZGroup }),
  deleteGroup: defineRoute({ method: 'DELETE', path: '/group', auth: 'admin', module: 'group', summary: '删除用户组', query: ZIdsQuery, response: ZOk }),
  getGroupDetail: defineRoute({ method: 'GET', path: '/group', auth: 'admin', module: 'group', summary: '用户组详情', query: ZIdQuery, response: ZGroup }),
  getGroupPermission: defineRoute({ method: 'GET', path: '/group/permission', auth: 'admin', module: 'group', summary: '用户组的权限', query: S.ZGroupPermissionQuery, response: S.ZGroupPermission }),
  setGroupPermission: defineRoute({ method: 'PUT', path: '/group/permission', auth: 'admin', module: 'group', summary: '设置用户组权限', body: S.ZSetGroupPermissionBody, response: ZOk }),
  getPermissionDetail: defineRoute({ method: 'GET', path: '/permission', auth: 'admin', module: 'permission', summary: '权限详情', query: ZIdQuery, response: ZPermission }),
  updatePermission: defineRoute({ method: 'PUT', path: '/permission', auth: 'admin', module: 'permission', summary: '修改权限说明', body: S.ZUpdatePermissionBody, response: ZPermission }),

  // admin: punishments
  createPunishment: defineRoute({ method: 'POST', path: '/punishment', auth: 'admin', module: 'punishment', summary: '新增惩罚', body: S.ZCreatePunishmentBody, response: ZOk }),
  updatePunishment: defineRoute({ method: 'PUT', path: '/punishment', auth: 'admin', module: 'punishment', summary: '修改惩罚', body: S.ZUpdatePunishmentBody, response: S.ZPunishment }),
  getPunishment: defineRoute({ method: 'GET', path: '/punishment', auth: 'admin', module: 'punishment', summary: '惩罚详情', query: ZIdQuery, response: S.ZPunishment }),
  listPunishments: defineRoute({ method: 'GET', path: '/punishment/list', auth: 'admin', list: true, module: 'punishment', summary: '惩罚列表', query: S.ZListPunishmentsQuery, response: zList('punishment', S.ZPunishment) }),
  cancelPunishment: defineRoute({ method: 'PUT', path: '/punishment/cancel', auth: 'admin', module: 'punishment', summary: '取消惩罚', body: S.ZCancelPunishmentBody, response: ZOk }),

  // admin: VIP
  listVipUsers: defineRoute({ method: 'GET', path: '/vip/list', auth: 'admin', list: true, module: 'vip', summary: 'VIP 用户列表', query: S.ZListVipUsersQuery, response: zList('user', ZUser) }),
  grantVip: defineRoute({ method: 'PUT', path: '/vip/grant', auth: 'admin', module: 'vip', summary: '开通或延长VIP', body: S.ZGrantVipBody, response: ZUser }),

  // admin: SMS log, mail test
  listSms: defineRoute({ method: 'GET', path: '/sms/list', auth: 'admin', list: true, module: 'sms', summary: '短信记录', query: S.ZListSmsQuery, response: zList('sms', S.ZSmsLog) }),
  deleteSms: defineRoute({ method: 'DELETE', path: '/sms', auth: 'admin', module: 'sms', summary: '删除短信记录', query: ZIdsQuery, response: ZOk }),
  testEmail: defineRoute({ method: 'POST', path: '/config/email/test', auth: 'admin', module: 'config', summary: '发送测试邮件', body: z.object({ email: z.email('请输入正确的电子邮箱').optional() }), response: ZOk }),

  // OAuth
  getOAuthConfigs: defineRoute({ method: 'GET', path: '/oauth/configs', auth: 'public', summary: '可用的第三方登录', query: z.object({ redirect_uri: z.string().max(512).optional(), binding: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'binding 格式不正确').optional() }), response: z.object({ oauth: z.array(S.ZOAuthConfig) }) }),
  oauthLogin: defineRoute({ method: 'POST', path: '/oauth/login', auth: 'public', summary: '第三方登录', body: S.ZOAuthLoginBody, response: ZAuthResult }),
  oauthBind: defineRoute({ method: 'POST', path: '/oauth/bind', auth: 'user', summary: '绑定第三方账号', body: S.ZOAuthLoginBody, response: ZAuthResult }),
  wechatScanCode: defineRoute({ method: 'GET', path: '/oauth/wechatmp/scan/code', auth: 'public', summary: '小程序扫码登录：获取二维码', response: S.ZWechatScanCode }),
  wechatScanStatus: defineRoute({ method: 'POST', path: '/oauth/wechatmp/scan/login/status', auth: 'public', summary: '小程序扫码登录：查询状态', body: S.ZWechatScanStatusBody, response: S.ZWechatScanStatus }),
  wechatScanConfirm: defineRoute({ method: 'POST', path: '/oauth/wechatmp/scan/confirm', auth: 'public', summary: '小程序扫码登录：小程序确认', body: S.ZWechatScanConfirmBody, response: ZOk }),
  wxShareSignature: defineRoute({ method: 'GET', path: '/oauth/wxshare/signature', auth: 'public', summary: '微信分享签名', query: S.ZWxShareQuery, response: S.ZWxShareSignature }),
};
