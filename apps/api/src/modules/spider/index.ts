import { defineModule } from '../../kernel/module';
import { SpiderRepo } from './spider.repo';
import { SpiderService } from './spider.service';
import { spiderRoutes } from './spider.routes';
import { collectUrlJob, downloadDocumentJob, publishDocumentJob, spiderWatchdogJob } from './spider.jobs';

declare module '../../kernel/module' {
  interface Services {
    spider: SpiderService;
  }
}

/**
 * The collector (admin spider/url, spider/document): start URLs crawled for document links through a fetcher that
 * refuses unsafe network targets (SSRF), downloads through the upload path, publication as ordinary documents.
 */
export default defineModule({
  name: 'spider',
  create: ({ db, attachments, documents, users, content, queue, log, config }) => ({
    spider: new SpiderService(new SpiderRepo(db), attachments, documents, users, content, queue, log, config.spiderAllowHosts),
  }),
  routes: spiderRoutes,
  jobs: ({ spider }) => [
    collectUrlJob.handle(({ id }) => spider.collect(id)),
    downloadDocumentJob.handle(({ id }) => spider.download(id)),
    publishDocumentJob.handle(({ id, categoryIds }) => spider.publish(id, categoryIds)),
    spiderWatchdogJob.handle(() => spider.watchdog()),
  ],
  recover: ({ spider }) => spider.recover(),
});
