import { ArticleAdmin } from './article.admin';
import { ArticleCache } from './article.cache';
import { ArticleInteraction } from './article.interaction';
import type { ArticleDeps } from './article.model';
import { ArticleSearch } from './article.search';
import { ArticleViews } from './article.views';
import { ArticleWriting } from './article.writing';

export type { ArticleDeps, ArticleViewer } from './article.model';

/**
 * Articles, by use case: reading (`views`: one article, the article page, the lists, related ones), the search page
 * (`search`), what authors do (`writing`: write, edit, delete, export as .docx), the back office (`admin`: review,
 * bulk changes, recycle bin, the footer pages' seed), what the interaction module needs (`interaction`) and what is
 * held in memory (`cache`). Each is built from one dependencies object.
 */
export interface ArticleService {
  cache: ArticleCache;
  views: ArticleViews;
  search: ArticleSearch;
  writing: ArticleWriting;
  admin: ArticleAdmin;
  interaction: ArticleInteraction;
  /** writes the views still held and stops the markdown workers (shutdown) */
  close(): Promise<void>;
}

export function createArticleService(deps: ArticleDeps): ArticleService {
  const cache = new ArticleCache(deps);
  const parts = { ...deps, cache };
  const views = new ArticleViews(parts);
  return {
    cache,
    views,
    search: new ArticleSearch(parts, views),
    writing: new ArticleWriting(parts, views),
    admin: new ArticleAdmin(parts),
    interaction: new ArticleInteraction(deps, views),
    close: async () => {
      await cache.close();
      await deps.markdown.close();
    },
  };
}
