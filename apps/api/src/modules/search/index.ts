import { defineModule } from '../../kernel/module';
import { SearchRepo } from './search.repo';
import { preparedRunner } from '../../db/prepared';
import { SearchService } from './search.service';
import { searchRoutes } from './search.routes';
import { purgeSearchRecordsJob, reindexDocumentsJob } from './search.jobs';

declare module '../../kernel/module' {
  interface Services {
    search: SearchService;
  }
}

/**
 * Chinese full-text search of documents (jieba + PostgreSQL tsvector). The index is a read model: its repo reads
 * documents and their page text directly to build it fast, and writes only its own tables.
 */
export default defineModule({
  name: 'search',
  create: ({ db, database, settings, documents, content, users, queue, caches }) => {
    const search = new SearchService(new SearchRepo(db, preparedRunner(database)), settings, documents, content, users, queue, caches);
    return { search };
  },
  routes: searchRoutes,
  jobs: ({ search }) => [reindexDocumentsJob.handle(() => search.runReindex()), purgeSearchRecordsJob.handle(() => search.purgeRecords())],
  events: ({ search }) => ({
    'document.changed': ({ ids }) => search.index(ids),
    'document.converted': ({ ids }) => search.index(ids),
    'document.text-recognised': ({ ids }) => search.index(ids),
  }),
  close: ({ search }) => search.flush(),
});
