import type { AppConfig } from './config';
import type { Database } from './db/client';
import { ConfigRepo } from './modules/config/config.repo';
import { ConfigService } from './modules/config/config.service';
import { CreditService } from './modules/credit/credit.service';
import { UserRepo } from './modules/user/user.repo';
import { UserService } from './modules/user/user.service';
import { ContentService } from './modules/content/content.service';
import { LoginThrottle } from './modules/user/login-throttle';
import { createStorage } from './lib/storage';
import { AccountRepo } from './modules/account/account.repo';
import { AccountService } from './modules/account/account.service';
import { AdminAccountService } from './modules/account/admin.service';
import { CaptchaService } from './modules/account/captcha.service';
import { PunishmentService } from './modules/account/punishment.service';

/** Every domain service, built once per process over one database. */
export function createServices(database: Database, config: AppConfig) {
  const settings = new ConfigService(new ConfigRepo(database.db));
  const credits = new CreditService(database.db);
  const users = new UserService(database.db, new UserRepo(database.db), credits, settings);
  const content = new ContentService(database.db, settings);
  const loginThrottle = new LoginThrottle(settings);
  const storage = createStorage(config);
  const accountRepo = new AccountRepo(database.db);
  const account = new AccountService(database.db, accountRepo, users, credits, settings);
  const adminAccount = new AdminAccountService(database.db, accountRepo, users);
  const captcha = new CaptchaService(accountRepo, settings);
  const punishments = new PunishmentService(accountRepo);
  return { config, settings, credits, users, content, loginThrottle, storage, account, adminAccount, captcha, punishments };
}
export type Services = ReturnType<typeof createServices>;
