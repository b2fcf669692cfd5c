import { defineModule } from '../../kernel/module';
import { ArticleRepo } from './article.repo';
import { createArticleService, type ArticleService } from './article.service';
import { articleRoutes } from './article.routes';
import { MarkdownPool } from './markdown.pool';

declare module '../../kernel/module' {
  interface Services {
    articles: ArticleService;
  }
}

/** Articles: writing (markdown + KaTeX), review, recycle bin, full-text search, the footer pages. */
export default defineModule({
  name: 'article',
  create: ({ log, db, users, settings, punishments, content, events, caches }) => {
    const articles = createArticleService({
      db,
      repo: new ArticleRepo(db),
      users,
      settings,
      punishments,
      content,
      events,
      markdown: new MarkdownPool(),
      log,
      caches,
    });
    return { articles };
  },
  close: ({ articles }) => articles.close(),
  routes: articleRoutes,
  // the footer pages (about, agreement, ...) are articles with fixed identifiers, owned by the first administrator
  seed: async ({ articles, users }) => {
    const owner = await users.get(1).catch(() => undefined);
    if (owner) await articles.admin.seedFooterPages(owner.id);
  },
});
