import { defineModule } from '../../kernel/module';
import { DocumentRepo } from './document.repo';
import { createDocumentService, type DocumentService } from './document.service';
import { documentRoutes } from './document.routes';

declare module '../../kernel/module' {
  interface Services {
    documents: DocumentService;
  }
}

/** Documents: metadata, categories, lists, review, recycle bin, status and counters. */
export default defineModule({
  name: 'document',
  create: ({ log, db, users, credits, settings, punishments, account, attachments, content, events, caches }) => {
    const documents = createDocumentService({
      db,
      repo: new DocumentRepo(db),
      users,
      credits,
      settings,
      punishments,
      account,
      attachments,
      content,
      events,
      log,
      caches,
    });
    return { documents };
  },
  close: ({ documents }) => documents.cache.close(),
  routes: documentRoutes,
});
