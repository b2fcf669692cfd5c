import type { TEnumOption } from './enum-option';

/** Review status of an article, spec §3. */
export const ArticleAudit = {
  Pending: 0,
  Approved: 1,
  Rejected: 2,
} as const;
export type TArticleAudit = (typeof ArticleAudit)[keyof typeof ArticleAudit];

export const ARTICLE_AUDIT_OPTIONS = [
  { value: ArticleAudit.Pending, label: '待审核', status: 'Processing' },
  { value: ArticleAudit.Approved, label: '已通过', status: 'Success' },
  { value: ArticleAudit.Rejected, label: '已拒绝', status: 'Error' },
] as const satisfies readonly TEnumOption<TArticleAudit>[];
