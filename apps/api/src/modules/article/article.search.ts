import { CategoryType, highlightHtml } from '@wenku/contracts';
import { sql } from 'drizzle-orm';
import { markdownToText } from '@wenku/ui/markdown';
import { parseQuery, toTsQuery } from '../../lib/segment';
import { snippetAround } from '../../lib/text';
import { ArticlePart, type ArticlePartDeps } from './article.model';
import type { ArticleViews } from './article.views';

/** The article search page: the query parsed into jieba words and phrases, ranked, highlighted. */
export class ArticleSearch extends ArticlePart {
  constructor(
    deps: ArticlePartDeps,
    private readonly views: ArticleViews,
  ) {
    super(deps);
  }

  /** Full-text search: jieba words (AND), "phrases", -excluded words; ranked by ts_rank with weights A–D. */
  async search(q: { wd: string; page: number; size: number; category_id?: number[]; user_id?: number; created_at?: string[]; sort: string }) {
    const started = performance.now();
    const parsed = parseQuery(q.wd);
    const tsq = toTsQuery(parsed);
    const query = tsq ? sql`to_tsquery('simple', ${tsq})` : undefined;
    const display = await this.deps.settings.get('display');
    const maxPage = Math.max(1, display.max_search_pages);
    const page = Math.min(q.page, maxPage);
    const { rows, total } = await this.deps.repo.search({
      query,
      fallback: tsq ? undefined : q.wd.trim(),
      category_id: await this.deps.content.withDescendants(CategoryType.Article, q.category_id ?? []),
      user_id: q.user_id,
      created_at: q.created_at,
      sort: q.sort,
      page,
      size: q.size,
    });
    const decorated = await this.views.decorate(rows);
    const words = parsed.highlight.length ? parsed.highlight : [q.wd.trim()];
    const article = decorated.map((a, i) => {
      const text = rows[i].description || markdownToText(rows[i].content ?? '', 2000);
      return {
        ...a,
        highlight_title: highlightHtml(a.title, words),
        highlight_snippet: highlightHtml(snippetAround(text, words, 120), words),
        rank: rows[i].rank,
      };
    });
    return { total, spend: Number(((performance.now() - started) / 1000).toFixed(3)), max_page: Math.min(maxPage, Math.ceil(total / q.size)), article, words };
  }
}
