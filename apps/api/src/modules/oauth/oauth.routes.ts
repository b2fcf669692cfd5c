import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { toPrivateUser } from '../user/user.service';

/** Routes of the oauth module (registered from app.ts). */
export async function oauthRoutes(app: FastifyInstance) {
  const { oauth, wechat, users } = app.services;
  const ok = { ok: true };

  registerRoute(app, api.getOAuthConfigs, async ({ query }) => ({ oauth: await oauth.configs(query?.redirect_uri) }));
  registerRoute(app, api.oauthLogin, async ({ body, req }) => {
    const user = await oauth.login(body!, req.ip);
    return { user: toPrivateUser(user), token: await app.issueToken(user.id) };
  });
  registerRoute(app, api.oauthBind, async ({ body, req }) => {
    const user = await oauth.bind(req.auth!.userId, body!);
    return { user: toPrivateUser(user), token: await app.issueToken(user.id) };
  });
  registerRoute(app, api.listUserOAuth, async ({ req }) => ({ oauth: await oauth.list(req.auth!.userId) }));
  registerRoute(app, api.deleteUserOAuth, async ({ query, req }) => (await oauth.unbind(req.auth!.userId, query!.id), ok));

  registerRoute(app, api.wechatScanCode, () => wechat.createScan());
  registerRoute(app, api.wechatScanStatus, async ({ body, req }) => {
    const s = await wechat.scanStatus(body!.code);
    if (s.status !== 'confirmed') return { status: s.status };
    await users.recordLogin(s.user.id, req.ip);
    return { status: s.status, user: toPrivateUser(s.user), token: await app.issueToken(s.user.id) };
  });
  registerRoute(app, api.wechatScanConfirm, async ({ body, req }) => (await wechat.confirmScan(body!.code, body!.js_code, req.ip), ok));
  registerRoute(app, api.wxShareSignature, ({ query }) => wechat.shareSignature(query!.url));
}
