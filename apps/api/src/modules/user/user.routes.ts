import { PunishmentType, api, permissionKey } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { badRequest, unauthorized } from '../../lib/errors';
import { toPrivateUser, toPublicUser } from './user.service';

const ok = { ok: true };

export function userRoutes({ users, adminAccount, captcha, settings, mail, loginThrottle, punishments }: Deps): RouteHandlers {
  // per IP at the HTTP layer, before anything is looked up or hashed (limits read live from security settings)
  const security = () => settings.get('security');
  return {
    register: {
      rateLimit: { max: async () => (await security()).register_limit_per_ip, timeWindow: '1 hour' },
      handler: async ({ body, req }) => {
        await captcha.verify('register', body.captcha_id, body.captcha);
        if ((await security()).enable_verify_register_email) {
          if (!body.email) throw badRequest('请输入电子邮箱');
          if (!body.code) throw badRequest('请输入邮箱验证码');
          await mail.verifyCode(body.email, 0, body.code);
        }
        const user = await users.register(body, req.ip);
        return { user: await users.privateView(user.id), token: await req.server.issueToken(user.id) };
      },
    },
    login: {
      rateLimit: { max: async () => (await security()).login_limit_per_ip, timeWindow: '1 minute' },
      handler: async ({ body, req }) => {
        const account = await users.findByLogin(body.username);
        const gate = await loginThrottle.admit(account?.id, body.username, req.ip);
        await captcha.verify('login', body.captcha_id, body.captcha, gate.captchaRequired);
        const user = await users.login(account, body.password, req.ip).catch(async (e) => {
          await loginThrottle.failed(account?.id, body.username);
          throw e;
        });
        await loginThrottle.succeeded(user.id, req.ip);
        await punishments.assertAllowed(user.id, PunishmentType.DisableAccount);
        return { user: toPrivateUser(user), token: await req.server.issueToken(user.id) };
      },
    },
    logout: async ({ auth }) => {
      await users.revoke(auth.jti, auth.userId, new Date(auth.exp * 1000));
      return { ok: true };
    },
    getUser: async ({ query, req, auth }) => {
      const id = query.id ?? auth?.userId;
      if (!id) throw unauthorized();
      if (id === auth?.userId) return users.privateView(id);
      const u = await users.get(id);
      const keys = auth ? await req.server.permissionKeys(auth.userId) : new Set<string>();
      return keys.has('*') || keys.has(permissionKey(api.listUsers)) ? users.privateView(id) : toPublicUser(u);
    },
    listUsers: ({ query, req }) => users.list(query, req.permitted),
    getPermission: async ({ auth }) => ({ permission: await users.permissions(auth.userId) }),
    getGroup: async ({ auth }) => ({ group: await users.groups(auth.userId) }),
    listGroups: async ({ query }) => {
      const group = await users.allGroups(query.wd);
      return { total: group.length, group };
    },
    listPermissions: async ({ query }) => {
      const methods = query.method?.length ? new Set<string>(query.method) : null;
      const path = query.path?.toLowerCase();
      const all = (await users.allPermissions(query.wd)).filter((p) => (!methods || methods.has(p.method)) && (!path || p.path.toLowerCase().includes(path)));
      const page = query.page,
        size = query.size;
      return { total: all.length, permission: all.slice((page - 1) * size, page * size) };
    },

    createUser: async ({ body, req, auth }) => adminAccount.createUser(await adminAccount.actor(auth.userId), body, req.ip),
    setUser: async ({ body, req, auth }) => {
      const user = await adminAccount.setUser(await adminAccount.actor(auth.userId), body);
      if (body.group_id) await req.server.clearPermissionCache();
      return user;
    },
    deleteUser: async ({ query, auth }) => (await adminAccount.deleteUsers(auth.userId, query.id, query.password), ok),

    createGroup: async ({ body, auth }) => adminAccount.createGroup(await adminAccount.actor(auth.userId), body),
    updateGroup: async ({ body, auth }) => adminAccount.updateGroup(await adminAccount.actor(auth.userId), body.id, body),
    deleteGroup: async ({ query, req }) => {
      await adminAccount.deleteGroups(query.id);
      await req.server.clearPermissionCache();
      return ok;
    },
    getGroupDetail: ({ query }) => adminAccount.getGroup(query.id),
    getGroupPermission: ({ query }) => adminAccount.groupPermissions(query.id),
    setGroupPermission: async ({ body, req, auth }) => {
      await adminAccount.setGroupPermissions(await adminAccount.actor(auth.userId), body.group_id, body.permission_id);
      await req.server.clearPermissionCache();
      return ok;
    },
    getPermissionDetail: ({ query }) => adminAccount.getPermission(query.id),
    updatePermission: ({ body }) => adminAccount.updatePermission(body.id, body.title, body.description),
  };
}
