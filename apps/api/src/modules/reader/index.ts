import { DocumentStatus } from '@wenku/contracts';
import { defineModule } from '../../kernel/module';
import { backfillTextLayersJob } from './reader.jobs';
import { ReaderRepo } from './reader.repo';
import { ReaderService } from './reader.service';
import { ProgressService } from './progress.service';
import { TextLayerBackfill } from './backfill.service';
import { readerRoutes } from './reader.routes';

declare module '../../kernel/module' {
  interface Services {
    reader: ReaderService;
    readingProgress: ProgressService;
    textLayerBackfill: TextLayerBackfill;
  }
}

/**
 * The reader (issue 27): page text layers served like the page images, find in a document, the reader's limits,
 * copy right and outline, reading progress, and the backfill of text layers for documents converted before them.
 * Layers are made by the conversion (stored with the pages); documents and download rights are reached through
 * their services.
 */
export default defineModule({
  name: 'reader',
  create: ({ db, documents, downloads, conversion, users, settings, caches, queue, log, ocr, search }) => {
    const repo = new ReaderRepo(db);
    // search snippets quote only the pages anyone may be shown (the download rule: all of a free document)
    search.limitSnippets((docs) => downloads.textPagesOf(docs));
    const reader = new ReaderService(documents, downloads, conversion, users, settings, caches);
    return {
      reader,
      readingProgress: new ProgressService(repo, documents, log),
      textLayerBackfill: new TextLayerBackfill(repo, conversion, queue, log, async (hash) => {
        await reader.textChanged(hash);
        // pages recognised before the file had layers get their words again
        await ocr.refreshLayers(hash);
      }),
    };
  },
  routes: readerRoutes,
  jobs: ({ textLayerBackfill }) => [backfillTextLayersJob.handle(() => textLayerBackfill.run())],
  events: ({ reader }) => ({
    'document.converted': ({ hash, status }) => (status === DocumentStatus.Converted ? reader.textChanged(hash) : undefined),
    'document.text-recognised': ({ hash }) => reader.textChanged(hash),
  }),
  // documents converted before text layers existed get theirs in the background
  recover: async ({ textLayerBackfill }) => ({ textLayerBackfill: (await textLayerBackfill.start(true)).running ? 1 : 0 }),
  close: ({ readingProgress }) => readingProgress.buffer.close(),
});
