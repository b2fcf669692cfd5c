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

/** Every domain service, built once per process over one database. */
export function createServices(database: Database, config: AppConfig) {
  const settings = new ConfigService(new ConfigRepo(database.db));
  const credits = new CreditService(database.db);
  const users = new UserService(database.db, new UserRepo(database.db), credits, settings);
  const content = new ContentService(database.db, settings);
  const loginThrottle = new LoginThrottle(settings);
  const storage = createStorage(config);
  return { config, settings, credits, users, content, loginThrottle, storage };
}
export type Services = ReturnType<typeof createServices>;
