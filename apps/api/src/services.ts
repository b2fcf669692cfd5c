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
import { VerificationRepo } from './modules/verification/verification.repo';
import { VerificationService } from './modules/verification/verification.service';
import { MailService } from './modules/mail/mail.service';
import { SmsRepo } from './modules/sms/sms.repo';
import { SmsService } from './modules/sms/sms.service';
import { OAuthRepo } from './modules/oauth/oauth.repo';
import { OAuthService } from './modules/oauth/oauth.service';
import { WechatService } from './modules/oauth/wechat.service';
import path from 'node:path';
import { JobQueue } from './lib/job-queue';
import { JOBS } from './lib/queue';
import { LanguageService } from './modules/config/language.service';
import { DocumentRepo } from './modules/document/document.repo';
import { DocumentService } from './modules/document/document.service';
import { InteractionService } from './modules/document/interaction.service';
import { TransferService } from './modules/document/transfer.service';
import { ConversionService } from './modules/document/conversion.service';
import { SearchRepo } from './modules/search/search.repo';
import { SearchService } from './modules/search/search.service';
import { ArticleRepo } from './modules/article/article.repo';
import { ArticleService } from './modules/article/article.service';
import { BannerService } from './modules/banner/banner.service';
import { SeoRepo } from './modules/seo/seo.repo';
import { SitemapService } from './modules/seo/sitemap.service';
import { SeoService } from './modules/seo/seo.service';

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
  const verification = new VerificationService(database.db, new VerificationRepo(database.db), config.jwtSecret);
  const mail = new MailService(settings, users, verification, captcha, config.jwtSecret);
  const sms = new SmsService(new SmsRepo(database.db), settings, users, verification, captcha, punishments);
  const oauthRepo = new OAuthRepo(database.db);
  const oauth = new OAuthService(oauthRepo, settings, users, punishments, { secret: config.jwtSecret, baseUrlOverrides: config.vendorBaseUrls });
  const wechat = new WechatService(oauthRepo, settings, users, oauth, { baseUrl: config.vendorBaseUrls?.wechatmp });
  const jobs = new JobQueue();
  const languages = new LanguageService(new ConfigRepo(database.db), settings);
  const documentRepo = new DocumentRepo(database.db);
  const documents = new DocumentService(database.db, documentRepo, users, credits, settings, punishments, account);
  const conversion = new ConversionService(database.db, documentRepo, settings, storage);
  documents.onNeedsConversion = async (hash) => {
    const seconds = Math.round((await conversion.timeoutMs()) / 1000) + 60;
    await jobs.send(JOBS.convertDocument, { hash }, { singletonKey: hash, expireInSeconds: seconds, retryLimit: 1, retryDelay: 5 });
  };
  const interactions = new InteractionService(database.db, documentRepo, documents, users, credits, settings, punishments, captcha, account);
  const search = new SearchService(new SearchRepo(database.db), settings, documents);
  documents.onChanged = (ids) => search.index(ids);
  conversion.onFinished = (hash) => search.indexHash(hash);
  const transfer = new TransferService(database.db, documentRepo, documents, users, credits, settings, punishments, account, storage, path.join(config.dataDir, 'tmp'));
  // articles (issue 6): comments and favourites of type 1 go through the same interaction service
  const articles = new ArticleService(database.db, new ArticleRepo(database.db), users, settings, punishments);
  interactions.targets.set(1, { find: (id, userId) => articles.interactionTarget(id, userId), refreshCounts: (tx, ids) => articles.refreshCounts(tx, ids), commentsEnabled: () => articles.commentsEnabled(), favoriteSummaries: (ids) => articles.favoriteSummaries(ids) });
  const banners = new BannerService(database.db);
  const sitemap = new SitemapService(new SeoRepo(database.db), articles, settings, storage);
  const seo = new SeoService(settings, documents, articles, content, users);
  articles.onChanged = () => seo.clear();
  return { config, settings, credits, users, content, loginThrottle, storage, account, adminAccount, captcha, punishments,
    verification, mail, sms, oauth, wechat, jobs, languages, documentRepo, documents, conversion, interactions, transfer, search,
    articles, banners, sitemap, seo };
}
export type Services = ReturnType<typeof createServices>;
