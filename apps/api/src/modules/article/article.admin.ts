import { ArticleAudit, FOOTER_ARTICLE_IDENTIFIERS } from '@wenku/contracts';
import { markdownToText } from '@wenku/ui/markdown';
import { badRequest, notFound } from '../../lib/errors';
import { ArticlePart } from './article.model';

/** Placeholder content of the footer pages, created once (the administrator edits them). */
const FOOTER_SEED: Record<(typeof FOOTER_ARTICLE_IDENTIFIERS)[number], { title: string; content: string }> = {
  about: {
    title: '关于我们',
    content: '## 关于我们\n\n本站是一个开源的文档分享与文章发布平台，致力于让知识更容易被发现与分享。\n\n> 管理员可在后台「文章管理」中编辑本页内容。',
  },
  agreement: {
    title: '文库协议',
    content:
      '## 文库协议\n\n欢迎使用本站。注册、上传文档或发布文章即表示您同意遵守本协议：\n\n1. 不上传违法、侵权或含有恶意代码的内容；\n2. 尊重他人的著作权与隐私；\n3. 本站有权删除违反协议的内容。',
  },
  contact: { title: '联系我们', content: '## 联系我们\n\n如有合作、建议或版权问题，请通过站内反馈或管理员邮箱与我们联系。' },
  feedback: { title: '意见反馈', content: '## 意见反馈\n\n您的意见是我们改进的动力。请在本页下方留言，我们会尽快回复。' },
  copyright: { title: '免责声明', content: '## 免责声明\n\n本站文档与文章由用户上传或发布，仅供学习交流。若内容侵犯了您的权益，请联系我们，我们将及时处理。' },
};

/** The back office: categories, recommendation and review in bulk, the recycle bin, the footer pages' seed. */
export class ArticleAdmin extends ArticlePart {
  async setCategory(ids: number[], categoryIds: number[]) {
    await this.checkCategories(categoryIds);
    const rows = await this.deps.repo.byIds(ids);
    await this.deps.db.transaction(async (tx) => {
      for (const r of rows) await this.deps.repo.setCategories(tx, r.id, categoryIds);
    });
    await this.changed(rows.map((r) => r.id));
  }

  async recommend(ids: number[], isRecommend: boolean) {
    const rows = await this.deps.repo.byIds(ids);
    await this.deps.repo.updateMany(
      rows.map((r) => r.id),
      { recommendAt: isRecommend ? new Date() : null },
    );
    await this.changed(rows.map((r) => r.id));
  }

  /** Review: approve or reject (the reason is shown to the author). */
  async check(ids: number[], status: 1 | 2, reason: string) {
    if (status === ArticleAudit.Rejected && !reason.trim()) throw badRequest('请填写拒绝原因');
    const rows = await this.deps.repo.byIds(ids);
    if (!rows.length) throw notFound('文章不存在或已被删除');
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.updateMany(
        rows.map((r) => r.id),
        { status, rejectReason: status === ArticleAudit.Rejected ? reason.trim() : '' },
        tx,
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
  }

  /** Takes articles back out of the recycle bin. */
  async restore(ids: number[]) {
    const rows = (await this.deps.repo.byIds(ids, true)).filter((r) => r.deletedAt);
    if (!rows.length) throw notFound('回收站中没有这些文章');
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.updateMany(
        rows.map((r) => r.id),
        { deletedAt: null },
        tx,
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
  }

  /** Hard delete from the recycle bin, with the article's comments and favourites. */
  async purge(ids: number[] | 'all') {
    const target = ids === 'all' ? await this.deps.repo.deletedIds() : ids;
    const rows = (await this.deps.repo.byIds(target, true)).filter((r) => r.deletedAt);
    if (!rows.length) return 0;
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.hardDelete(
        tx,
        rows.map((r) => r.id),
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
    await this.deps.events.emit('article.purged', { ids: rows.map((r) => r.id) });
    return rows.length;
  }

  /** The footer pages (about, agreement, contact, feedback, copyright), created once with placeholder text. */
  async seedFooterPages(ownerId: number) {
    const rows = FOOTER_ARTICLE_IDENTIFIERS.map((identifier) => ({
      identifier,
      userId: ownerId,
      title: FOOTER_SEED[identifier].title,
      content: FOOTER_SEED[identifier].content,
      description: markdownToText(FOOTER_SEED[identifier].content, 200),
      keywords: FOOTER_SEED[identifier].title,
      status: ArticleAudit.Approved,
    }));
    const created = await this.deps.repo.seedMissing(rows);
    for (const c of created) {
      const a = await this.deps.repo.find({ id: c.id });
      if (a) await this.index(this.deps.db, a);
    }
    return created.length;
  }
}
