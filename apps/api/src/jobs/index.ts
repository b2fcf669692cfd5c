import type PgBoss from 'pg-boss';
import { JOBS } from '../lib/queue';
import type { Services } from '../services';

/** Registers the job handlers and recurring schedules this process works on. */
export async function registerJobs(boss: PgBoss, services: Services, log: (msg: string, extra?: unknown) => void): Promise<void> {
  services.jobs.attach(boss);
  for (const q of Object.values(JOBS)) await boss.createQueue(q);

  // every hour, at minute 7
  await boss.schedule(JOBS.purgeRevokedTokens, '7 * * * *', {}, { tz: 'Asia/Shanghai' });
  await boss.work(JOBS.purgeRevokedTokens, async () => {
    const n = await services.users.purgeExpiredRevocations();
    log('purged expired revoked tokens', { count: n });
    return { purged: n };
  });

  // document conversion: N parallel workers per process (config converter.workers)
  const workers = Math.min(8, Math.max(1, Number((await services.settings.section('converter')).workers) || 1));
  for (let i = 0; i < workers; i++) {
    await boss.work<{ hash: string }>(JOBS.convertDocument, { pollingIntervalSeconds: 1 }, async ([job]) => services.conversion.convert(job.data.hash));
  }
  await boss.schedule(JOBS.conversionWatchdog, '*/5 * * * *', {}, { tz: 'Asia/Shanghai' });
  await boss.work(JOBS.conversionWatchdog, async () => ({ failed: await services.conversion.failStuck() }));
  await boss.work(JOBS.reindexDocuments, async () => services.search.runReindex());
  await boss.schedule(JOBS.purgeSearchRecords, '17 3 * * *', {}, { tz: 'Asia/Shanghai' });
  await boss.work(JOBS.purgeSearchRecords, async () => services.search.purgeRecords());
  // sitemap.xml and its pages, rebuilt daily at config article.sitemap_hour (Asia/Shanghai)
  const sitemapHour = Math.min(23, Math.max(0, Math.floor(Number((await services.settings.section('article')).sitemap_hour) || 0)));
  await boss.schedule(JOBS.updateSitemap, `23 ${sitemapHour} * * *`, {}, { tz: 'Asia/Shanghai' });
  await boss.work(JOBS.updateSitemap, async () => {
    const r = await services.sitemap.generate();
    log('sitemap updated', { documents: r.documents, articles: r.articles });
    return r;
  });
  // start-up sweep: anything still waiting (a crash, a send without a queue) is queued again
  const requeued = await services.documents.requeueWaiting();
  if (requeued) log('re-queued waiting conversions', { count: requeued });
}
