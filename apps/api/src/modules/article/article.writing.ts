import crypto from 'node:crypto';
import { ArticleAudit, PunishmentType, type TArticle } from '@wenku/contracts';
import { markdownToText } from '@wenku/ui/markdown';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { tokenize } from '../../lib/segment';
import { ArticlePart, type ArticlePartDeps, type ArticleViewer } from './article.model';
import type { ArticleRow } from './article.repo';
import type { ArticleViews } from './article.views';

/** Keywords when the author gives none: the title's distinct words (jieba), longest first, up to five. */
export function defaultKeywords(title: string): string {
  const words = [...new Set(tokenize(title).filter((w) => w.length >= 2 && !/^\d+$/.test(w)))];
  return words
    .sort((a, b) => b.length - a.length)
    .slice(0, 5)
    .join(',');
}

/** What an author (or an administrator) does: write, edit and delete articles, and export markdown as .docx. */
export class ArticleWriting extends ArticlePart {
  constructor(
    deps: ArticlePartDeps,
    private readonly views: ArticleViews,
  ) {
    super(deps);
  }

  private async assertCanWrite(userId: number) {
    await this.deps.punishments.assertAllowed(userId, PunishmentType.NoArticle);
    const groups = await this.deps.users.groups(userId);
    if (!groups.some((g) => g.enable_article)) throw forbidden('您所在的用户组不允许发布文章');
    // review is needed only when every group of the user requires it (moredoc's rule)
    return { needsApproval: groups.length > 0 && groups.every((g) => g.enable_article_approval) };
  }

  private async newIdentifier(): Promise<string> {
    for (;;) {
      const id = crypto.randomBytes(6).toString('hex');
      // an all-digit identifier would read as an id in /article/{id}
      if (/^\d+$/.test(id)) continue;
      if (!(await this.deps.repo.identifierTaken(id))) return id;
    }
  }

  async create(
    viewer: ArticleViewer & { userId: number },
    body: { identifier?: string; title: string; keywords: string; description: string; content: string; category_id: number[]; is_draft: boolean },
  ): Promise<TArticle> {
    let status: number = ArticleAudit.Approved;
    if (!viewer.isAdmin) {
      const { needsApproval } = await this.assertCanWrite(viewer.userId);
      status = needsApproval ? ArticleAudit.Pending : ArticleAudit.Approved;
    }
    let identifier = viewer.isAdmin && body.identifier ? body.identifier : await this.newIdentifier();
    if (viewer.isAdmin && body.identifier && (await this.deps.repo.identifierTaken(body.identifier))) throw conflict('文章标识已存在');
    identifier = identifier.trim();
    await this.checkCategories(body.category_id);
    if (!body.is_draft && !body.content.trim()) throw badRequest('请输入文章内容');
    const keywords = body.keywords || defaultKeywords(body.title);
    const description = body.description || markdownToText(body.content, 200, { summary: true });
    const row = await this.deps.db.transaction(async (tx) => {
      const r = await this.deps.repo.insert(tx, {
        identifier,
        userId: viewer.userId,
        title: body.title,
        keywords,
        description,
        content: body.content,
        status,
        isDraft: body.is_draft,
      });
      await this.deps.repo.setCategories(tx, r.id, body.category_id);
      await this.index(tx, r);
      await this.recountAuthors(tx, [viewer.userId]);
      return r;
    });
    await this.deps.repo.update(row.id, { contentHtml: await this.deps.markdown.render(row.content, String(row.id)) });
    await this.changed([row.id]);
    return (await this.views.decorate([row], true))[0];
  }

  async update(
    viewer: ArticleViewer & { userId: number },
    body: {
      id: number;
      identifier?: string;
      title?: string;
      keywords?: string;
      description?: string;
      content?: string;
      category_id?: number[];
      is_draft?: boolean;
      status?: 0 | 1 | 2;
      reject_reason?: string;
    },
  ): Promise<TArticle> {
    const a = await this.deps.repo.find({ id: body.id });
    if (!a || a.deletedAt) throw notFound('文章不存在或已被删除');
    if (!viewer.isAdmin && a.userId !== viewer.userId) throw forbidden('只能修改自己的文章');
    const patch: Partial<ArticleRow> = {};
    for (const k of ['title', 'keywords', 'description', 'content'] as const) if (body[k] !== undefined) patch[k] = body[k];
    if (body.is_draft !== undefined) patch.isDraft = body.is_draft;
    if (body.category_id) await this.checkCategories(body.category_id);
    if (viewer.isAdmin) {
      if (body.identifier !== undefined && body.identifier !== a.identifier) {
        if (await this.deps.repo.identifierTaken(body.identifier, a.id)) throw conflict('文章标识已存在');
        patch.identifier = body.identifier;
      }
      if (body.status !== undefined) {
        patch.status = body.status;
        patch.rejectReason = body.status === ArticleAudit.Rejected ? (body.reject_reason ?? a.rejectReason) : '';
      }
    } else {
      if (body.status !== undefined && body.status !== a.status) throw forbidden('只有管理员可以审核文章');
      // an author's edit goes through review again when the author's groups require review
      const { needsApproval } = await this.assertCanWrite(viewer.userId);
      const changed = Object.keys(patch).some((k) => k !== 'isDraft') || (body.is_draft === false && a.isDraft);
      if (changed) {
        patch.status = needsApproval ? ArticleAudit.Pending : ArticleAudit.Approved;
        patch.rejectReason = '';
      }
    }
    const next = { ...a, ...patch };
    if (!next.isDraft && !next.content.trim()) throw badRequest('请输入文章内容');
    if (body.keywords === '' || (patch.title && !a.keywords && body.keywords === undefined)) patch.keywords = defaultKeywords(next.title);
    if (body.description === '') patch.description = markdownToText(next.content, 200, { summary: true });
    // rendered before the transaction: a long article's formulas take CPU time no transaction should wait for
    if (patch.content !== undefined) patch.contentHtml = await this.deps.markdown.render(next.content, String(a.id));
    const row = await this.deps.db.transaction(async (tx) => {
      const r = Object.keys(patch).length ? await this.deps.repo.update(a.id, patch, tx) : a;
      if (!r) throw notFound('文章不存在');
      if (body.category_id) await this.deps.repo.setCategories(tx, a.id, body.category_id);
      await this.index(tx, r);
      await this.recountAuthors(tx, [a.userId]);
      return r;
    });
    await this.changed([a.id]);
    return (await this.views.decorate([row], true))[0];
  }

  /** Soft delete into the recycle bin (authors: their own articles). */
  async softDelete(viewer: ArticleViewer, ids: number[]) {
    const rows = await this.deps.repo.byIds(ids);
    if (!rows.length) throw notFound('文章不存在或已被删除');
    if (!viewer.isAdmin && rows.some((r) => r.userId !== viewer.userId)) throw forbidden('只能删除自己的文章');
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.updateMany(
        rows.map((r) => r.id),
        { deletedAt: new Date() },
        tx,
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
  }

  /** A markdown document as a .docx file (POST /markdown2docx), built off the event loop. */
  toDocx(markdown: string, title?: string): Promise<Buffer> {
    return this.deps.markdown.docx(markdown, title);
  }
}
