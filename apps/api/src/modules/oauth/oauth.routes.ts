import type { Deps, RouteHandlers } from '../../kernel/module';
import { toPrivateUser } from '../user/user.service';

const ok = { ok: true };

export function oauthRoutes({ oauth, wechat, users }: Deps): RouteHandlers {
  return {
    getOAuthConfigs: async ({ query }) => ({ oauth: await oauth.configs(query.redirect_uri, query.binding) }),
    oauthLogin: async ({ body, req }) => {
      const user = await oauth.login(body, req.ip);
      return { user: toPrivateUser(user), token: await req.server.issueToken(user.id) };
    },
    oauthBind: async ({ body, req, auth }) => {
      const user = await oauth.bind(auth.userId, body);
      return { user: toPrivateUser(user), token: await req.server.issueToken(user.id) };
    },
    listUserOAuth: async ({ auth }) => ({ oauth: await oauth.list(auth.userId) }),
    deleteUserOAuth: async ({ query, auth }) => (await oauth.unbind(auth.userId, query.id), ok),

    wechatScanCode: () => wechat.createScan(),
    wechatScanStatus: async ({ body, req }) => {
      const s = await wechat.scanStatus(body.code);
      if (s.status !== 'confirmed') return { status: s.status };
      await users.recordLogin(s.user.id, req.ip);
      return { status: s.status, user: toPrivateUser(s.user), token: await req.server.issueToken(s.user.id) };
    },
    wechatScanConfirm: async ({ body, req }) => (await wechat.confirmScan(body.code, body.js_code, req.ip), ok),
    wxShareSignature: ({ query }) => wechat.shareSignature(query.url),
  };
}
