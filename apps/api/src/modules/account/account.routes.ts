import type { FastifyInstance } from 'fastify';
import { api, PunishmentType } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { forbidden, unauthorized } from '../../lib/errors';

export async function accountRoutes(app: FastifyInstance) {
  const { account, adminAccount, captcha, punishments, users } = app.services;
  const ok = { ok: true };
  const operator = async (id: number) => ({ id, username: (await users.get(id)).username });

  registerRoute(app, api.updateProfile, ({ req, body }) => account.updateProfile(req.auth!.userId, req.permitted, body!));
  registerRoute(app, api.updatePassword, async ({ req, body }) => {
    const self = !body!.id || body!.id === req.auth!.userId;
    await account.updatePassword(req.auth!.userId, req.permitted, body!);
    // changing one's own password voids every token: hand this session a fresh one
    return self ? { ok: true, token: await app.issueToken(req.auth!.userId) } : { ok: true };
  });
  registerRoute(app, api.signToday, ({ req }) => account.sign(req.auth!.userId, req.ip));
  registerRoute(app, api.getTodaySign, async ({ req }) => ({ sign: await account.getTodaySign(req.auth!.userId) }));
  registerRoute(app, api.listDynamics, async ({ req, query }) => {
    const id = query!.id ?? req.auth?.userId;
    if (!id) throw unauthorized();
    return account.dynamics(id, query!.page, query!.size);
  });
  registerRoute(app, api.listCreditLogs, ({ req, query }) => account.creditLogs(req.auth!.userId, query!.page, query!.size));
  registerRoute(app, api.getCaptcha, ({ query }) => captcha.create(query!.type));
  registerRoute(app, api.canUploadDocument, async ({ req }) => {
    await punishments.assertAllowed(req.auth!.userId, PunishmentType.NoUpload);
    const groups = await users.groups(req.auth!.userId);
    if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
    return ok;
  });
  registerRoute(app, api.canPublishArticle, async ({ req }) => {
    await punishments.assertAllowed(req.auth!.userId, PunishmentType.NoArticle);
    const groups = await users.groups(req.auth!.userId);
    if (!groups.some((g) => g.enable_article)) throw forbidden('您所在的用户组不允许发布文章');
    return ok;
  });
  registerRoute(app, api.getVip, ({ req }) => account.vipInfo(req.auth!.userId));
  // VIP orders arrive with commerce; until then a user has none
  registerRoute(app, api.listVipOrders, () => ({ total: 0, order: [] }));
  registerRoute(app, api.getAiQuota, ({ req, query }) => {
    const id = query?.user_id && req.permitted ? query.user_id : req.auth!.userId;
    return account.quota(id);
  });
  registerRoute(app, api.setAiQuota, ({ body }) => account.setQuota(body!));

  registerRoute(app, api.createUser, ({ body, req }) => adminAccount.createUser(body!, req.ip));
  registerRoute(app, api.setUser, async ({ body }) => {
    const user = await adminAccount.setUser(body!);
    if (body!.group_id) app.clearPermissionCache();
    return user;
  });
  registerRoute(app, api.deleteUser, async ({ query, req }) => (await adminAccount.deleteUsers(req.auth!.userId, query!.id, query!.password), ok));

  registerRoute(app, api.createGroup, ({ body }) => adminAccount.createGroup(body!));
  registerRoute(app, api.updateGroup, ({ body }) => adminAccount.updateGroup(body!.id, body!));
  registerRoute(app, api.deleteGroup, async ({ query }) => {
    await adminAccount.deleteGroups(query!.id);
    app.clearPermissionCache();
    return ok;
  });
  registerRoute(app, api.getGroupDetail, ({ query }) => adminAccount.getGroup(query!.id));
  registerRoute(app, api.getGroupPermission, ({ query }) => adminAccount.groupPermissions(query!.id));
  registerRoute(app, api.setGroupPermission, async ({ body }) => {
    await adminAccount.setGroupPermissions(body!.group_id, body!.permission_id);
    app.clearPermissionCache();
    return ok;
  });
  registerRoute(app, api.getPermissionDetail, ({ query }) => adminAccount.getPermission(query!.id));
  registerRoute(app, api.updatePermission, ({ body }) => adminAccount.updatePermission(body!.id, body!.title, body!.description));

  registerRoute(app, api.createPunishment, async ({ body, req }) => (await punishments.create(body!, await operator(req.auth!.userId)), ok));
  registerRoute(app, api.updatePunishment, async ({ body, req }) => punishments.update(body!, await operator(req.auth!.userId)));
  registerRoute(app, api.getPunishment, ({ query }) => punishments.get(query!.id));
  registerRoute(app, api.listPunishments, ({ query }) => punishments.list(query!));
  registerRoute(app, api.cancelPunishment, async ({ body, req }) => (await punishments.cancel(body!.id, await operator(req.auth!.userId)), ok));

  registerRoute(app, api.listVipUsers, ({ query }) => account.listVipUsers(query!));
  registerRoute(app, api.grantVip, ({ body, req }) => account.grantVip(req.auth!.userId, body as never));
}
