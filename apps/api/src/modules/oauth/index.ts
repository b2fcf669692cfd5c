import { defineModule } from '../../kernel/module';
import { OAuthRepo } from './oauth.repo';
import { OAuthService } from './oauth.service';
import { WechatService } from './wechat.service';
import { oauthRoutes } from './oauth.routes';

declare module '../../kernel/module' {
  interface Services {
    oauth: OAuthService;
    wechat: WechatService;
  }
}

/** Third-party login (github, gitee, qq, wechat, custom), the mini-program scan login and JS-SDK signatures. */
export default defineModule({
  name: 'oauth',
  create: ({ db, settings, users, punishments, rates, config, outbound }) => {
    const repo = new OAuthRepo(db);
    const oauth = new OAuthService(repo, settings, users, punishments, rates, { secret: config.jwtSecret, baseUrlOverrides: config.vendorBaseUrls, outbound });
    return { oauth, wechat: new WechatService(repo, settings, users, oauth, { baseUrl: config.vendorBaseUrls?.wechatmp, outbound }) };
  },
  routes: oauthRoutes,
});
