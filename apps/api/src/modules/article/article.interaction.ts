import type { Exec } from '../../db/client';
import type { ArticleDeps } from './article.model';
import type { ArticleViews } from './article.views';

/** What the interaction module needs of articles (comments and favourites are type 1 rows of its tables). */
export class ArticleInteraction {
  constructor(
    private readonly deps: Pick<ArticleDeps, 'repo' | 'settings'>,
    private readonly views: ArticleViews,
  ) {}

  /** The article a user comments on or favourites: it must be public (or the user's own). */
  async interactionTarget(id: number, userId: number) {
    const a = await this.views.visible({ id }, { userId, isAdmin: false });
    return { id: a.id, userId: a.userId, title: a.title };
  }

  /** Title and address of favourited articles (deleted ones are left out; the favourite then shows as removed). */
  async favoriteSummaries(ids: number[]) {
    const rows = await this.deps.repo.byIds(ids);
    return rows.map((a) => ({ id: a.id, title: a.title, identifier: a.identifier ?? '' }));
  }

  async commentsEnabled(): Promise<boolean> {
    return (await this.deps.settings.get('article')).enable_comment;
  }

  /** Favourite and comment counts, recounted by the interaction module inside its transaction. */
  setInteractionCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]) {
    return this.deps.repo.setCounts(tx, rows);
  }
}
