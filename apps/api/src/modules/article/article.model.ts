import { CategoryType } from '@wenku/contracts';
import { markdownToText } from '@wenku/ui/markdown';
import type { Db, Tx } from '../../db/client';
import type { EventBus } from '../../kernel/events';
import type { Logger } from '../../kernel/module';
import type { Caches } from '../../lib/cache';
import { badRequest } from '../../lib/errors';
import { segment } from '../../lib/segment';
import type { PunishmentService } from '../account/punishment.service';
import type { ConfigService } from '../config/config.service';
import type { ContentService } from '../content/content.service';
import type { UserService } from '../user/user.service';
import type { ArticleCache } from './article.cache';
import type { ArticleRepo, ArticleRow } from './article.repo';
import type { MarkdownPool } from './markdown.pool';

export interface ArticleViewer {
  userId?: number;
  /** holds the route's permission (administrator) */
  isAdmin: boolean;
}

/** What the article module is built from, passed as one object (index.ts). */
export interface ArticleDeps {
  db: Db;
  repo: ArticleRepo;
  users: UserService;
  settings: ConfigService;
  punishments: PunishmentService;
  content: ContentService;
  events: EventBus;
  markdown: MarkdownPool;
  log: Logger;
  caches: Caches;
}

/** What every use case of the module is made of: the dependencies and the one memory of articles they share. */
export interface ArticlePartDeps extends ArticleDeps {
  cache: ArticleCache;
}

/**
 * The one dependencies object each use case reads (`this.deps.repo` …), and what several share: the article
 * categories' rule, the search text, the authors' counts, the news of a change.
 */
export abstract class ArticlePart {
  constructor(protected readonly deps: ArticlePartDeps) {}

  /** Articles changed: the cached pages and lists go (in every process), then the followers hear it. */
  protected async changed(ids: number[]) {
    if (!ids.length) return;
    await this.deps.cache.forget();
    await this.deps.events.emit('article.changed', { ids });
  }

  /** users.article_count = the author's published articles, inside the caller's transaction. */
  protected async recountAuthors(tx: Tx, userIds: number[]) {
    for (const [userId, n] of await this.deps.repo.publishedCountsOfUsers(tx, [...new Set(userIds)]))
      await this.deps.users.setCounts(tx, userId, { articleCount: n });
  }

  protected async checkCategories(ids: number[]) {
    if (!ids.length) return;
    const rows = await this.deps.content.categoriesByIds(ids);
    if (rows.length !== new Set(ids).size || rows.some((c) => c.type !== CategoryType.Article || !c.enable)) throw badRequest('文章分类不存在或已停用');
  }

  /** The article's search text (weights A–D: title, keywords, description, content). */
  protected async index(
    tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
    a: Pick<ArticleRow, 'id' | 'title' | 'keywords' | 'description' | 'content'>,
  ) {
    await this.deps.repo.setSearchText(tx, a.id, {
      a: segment(a.title),
      b: segment(a.keywords.replace(/[,，;；]/g, ' ')),
      c: segment(a.description),
      d: segment(markdownToText(a.content, 200_000)),
    });
  }
}
