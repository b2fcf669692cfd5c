import { defineModule } from '../../kernel/module';
import { removeOrphanWorkDirs } from '../../lib/work-dir';
import { OcrRepo } from './ocr.repo';
import { OcrService } from './ocr.service';
import { ocrRoutes } from './ocr.routes';
import { ocrWatchdogJob, recogniseDocumentJob } from './ocr.jobs';

declare module '../../kernel/module' {
  interface Services {
    ocr: OcrService;
  }
}

/**
 * Text recognition of scanned documents (tesseract native or tesseract.js): after conversion or on demand, per file
 * hash, one page at a time, watched so nothing stays "recognising"; search and the AI index follow its event.
 */
export default defineModule({
  name: 'ocr',
  create: ({ db, settings, conversion, attachments, documents, storage, queue, events, log, rates }) => ({
    ocr: new OcrService(new OcrRepo(db), settings, conversion, attachments, storage, queue, events, log, rates, documents),
  }),
  routes: ocrRoutes,
  jobs: ({ ocr }) => [recogniseDocumentJob.handle(({ hash }) => ocr.process(hash)), ocrWatchdogJob.handle(() => ocr.watchdog())],
  events: ({ ocr }) => ({
    'document.converted': ({ hash, status }) => ocr.onConverted(hash, status),
  }),
  recover: async ({ ocr }) => ({ ocr: await ocr.recover(), orphanWorkDirs: await removeOrphanWorkDirs('ocr') }),
});
