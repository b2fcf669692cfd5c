import { PunishmentType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';

const ok = { ok: true };

export function accountRoutes({ account, captcha, punishments, users, attachments }: Deps): RouteHandlers {
  const operator = async (id: number) => ({ id, username: (await users.get(id)).username });
  return {
    updateProfile: async ({ req, body, auth }) => {
      // an avatar is an image this site stored (an upload), never an outside address
      if (body.avatar && !(await attachments.isSiteImage(body.avatar))) throw badRequest('头像必须是本站上传的图片');
      return account.updateProfile(auth.userId, req.permitted, body);
    },
    updatePassword: {
      // wrong old passwords are guesses too
      rateLimit: { max: 10, timeWindow: '1 hour' },
      handler: async ({ req, body, auth }) => {
        const self = !body.id || body.id === auth.userId;
        await account.updatePassword(auth.userId, req.permitted, body);
        // changing one's own password voids every token: hand this session a fresh one
        return self ? { ok: true, token: await req.server.issueToken(auth.userId) } : { ok: true };
      },
    },
    signToday: ({ req, auth }) => account.sign(auth.userId, req.ip),
    getTodaySign: async ({ auth }) => ({ sign: await account.getTodaySign(auth.userId) }),
    listDynamics: async ({ req, query, auth }) => {
      const id = query.id ?? auth?.userId;
      if (!id) throw unauthorized();
      return account.dynamics(id, query.page, query.size, id !== auth?.userId && !req.permitted, auth?.userId);
    },
    listCreditLogs: ({ query, auth }) => account.creditLogs(auth.userId, query.page, query.size),
    getCaptcha: { rateLimit: { max: 30, timeWindow: '1 minute' }, handler: ({ query }) => captcha.create(query.type, query.force === true) },
    canUploadDocument: async ({ auth }) => {
      await punishments.assertAllowed(auth.userId, PunishmentType.NoUpload);
      const groups = await users.groups(auth.userId);
      if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
      return ok;
    },
    canPublishArticle: async ({ auth }) => {
      await punishments.assertAllowed(auth.userId, PunishmentType.NoArticle);
      const groups = await users.groups(auth.userId);
      if (!groups.some((g) => g.enable_article)) throw forbidden('您所在的用户组不允许发布文章');
      return ok;
    },
    getVip: ({ auth }) => account.vipInfo(auth.userId),
    // VIP orders arrive with commerce; until then a user has none
    getAiQuota: ({ req, query, auth }) => account.quota(query.user_id && req.permitted ? query.user_id : auth.userId),
    setAiQuota: ({ body }) => account.setQuota(body),

    createPunishment: async ({ body, auth }) => (await punishments.create(body, await operator(auth.userId)), ok),
    updatePunishment: async ({ body, auth }) => punishments.update(body, await operator(auth.userId)),
    getPunishment: ({ query }) => punishments.get(query.id),
    listPunishments: ({ query }) => punishments.list(query),
    cancelPunishment: async ({ body, auth }) => (await punishments.cancel(body.id, await operator(auth.userId)), ok),

    listVipUsers: ({ query }) => account.listVipUsers(query),
    grantVip: ({ body, auth }) => account.grantVip(auth.userId, body),
  };
}
