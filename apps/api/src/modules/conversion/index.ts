import { defineModule } from '../../kernel/module';
import { PresignedRedirects } from '../../lib/storage';
import { removeOrphanWorkDirs } from '../../lib/work-dir';
import { ConversionRepo } from './conversion.repo';
import { ConversionService } from './conversion.service';
import { conversionRoutes } from './conversion.routes';
import { conversionWatchdogJob, convertDocumentJob } from './conversion.jobs';

declare module '../../kernel/module' {
  interface Services {
    conversion: ConversionService;
  }
}

/** File → page images, cover and per-page text (MuPDF, LibreOffice), queued per hash, watched for time-outs. */
export default defineModule({
  name: 'conversion',
  create: ({ db, documents, attachments, settings, storage, queue, log, caches, config, rates }) => ({
    conversion: new ConversionService(
      db,
      new ConversionRepo(db),
      documents,
      attachments,
      settings,
      storage,
      queue,
      log,
      caches,
      rates,
      // S3_REDIRECT: readers of page images and covers go to the store with a presigned URL
      config.storage.s3?.redirect ? new PresignedRedirects(storage, { lifetimeSeconds: config.storage.s3.redirectSeconds ?? 3600 }) : undefined,
      config.testConvertDelayMs,
    ),
  }),
  routes: conversionRoutes,
  jobs: ({ conversion }) => [
    convertDocumentJob.handle(({ hash }) => conversion.convert(hash)),
    conversionWatchdogJob.handle(async () => ({ failed: await conversion.failStuck() })),
  ],
  events: ({ conversion }) => ({
    'document.conversion-requested': ({ hash, force }) => conversion.request(hash, force),
    'document.files-released': ({ hashes }) => conversion.removeOutputs(hashes),
  }),
  // also the scratch folders of workers killed mid-conversion (their process is gone)
  recover: async ({ conversion }) => ({ conversions: await conversion.requeueWaiting(), orphanWorkDirs: await removeOrphanWorkDirs('convert') }),
});
