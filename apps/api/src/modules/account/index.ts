import { defineModule } from '../../kernel/module';
import { AccountRepo } from './account.repo';
import { AccountService } from './account.service';
import { CaptchaRepo } from './captcha.repo';
import { CaptchaService } from './captcha.service';
import { PunishmentRepo } from './punishment.repo';
import { PunishmentService } from './punishment.service';
import { accountRoutes } from './account.routes';
import { purgeCaptchasJob } from './account.jobs';

declare module '../../kernel/module' {
  interface Services {
    account: AccountService;
    captcha: CaptchaService;
    punishments: PunishmentService;
  }
}

/** The personal centre (profile, password, sign-in, dynamics, VIP, AI quota), captchas and punishments. */
export default defineModule({
  name: 'account',
  create: ({ db, users, credits, settings, events, caches }) => {
    const repo = new AccountRepo(db);
    const punishments = new PunishmentService(new PunishmentRepo(db), users, events, caches);
    return {
      account: new AccountService(db, repo, users, credits, settings, events),
      captcha: new CaptchaService(new CaptchaRepo(db), settings),
      punishments,
    };
  },
  routes: accountRoutes,
  jobs: ({ captcha, rates }) => [purgeCaptchasJob.handle(async () => ({ captchas: await captcha.purge(), rateLimits: await rates.purge() }))],
});
