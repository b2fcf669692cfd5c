import { defineModule } from '../../kernel/module';
import { DownloadRepo } from './download.repo';
import { DownloadService } from './download.service';
import { downloadRoutes } from './download.routes';

declare module '../../kernel/module' {
  interface Services {
    downloads: DownloadService;
  }
}

/** Downloads: short-lived signed links, daily limits per user and IP, VIP rules, paying with credits. */
export default defineModule({
  name: 'download',
  create: ({ db, documents, attachments, users, credits, settings, punishments, account, search, storage }) => ({
    downloads: new DownloadService(db, new DownloadRepo(db), documents, attachments, users, credits, settings, punishments, account, search, storage),
  }),
  routes: downloadRoutes,
});
