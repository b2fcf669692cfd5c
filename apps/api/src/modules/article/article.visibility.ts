import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ArticleAudit } from '@wenku/contracts';
import { articles } from '../../db/schema';

/**
 * The rule of the article page (`articles.views.visible`) as an SQL condition, for a read of another module that
 * pages over what a viewer may see (the account's public feed): the article `id` names exists, is not deleted, and
 * is approved and not a draft unless `viewerId` (undefined: anonymous) is its author. The article module owns the
 * rule and the table; the reader gets the condition, not the table.
 */
export function articleVisibleSql(id: SQLWrapper, viewerId: number | undefined): SQL {
  const author = viewerId === undefined ? sql`false` : sql`${articles.userId} = ${viewerId}`;
  return sql`EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.id} = ${id} AND ${articles.deletedAt} IS NULL
    AND ((${articles.status} = ${ArticleAudit.Approved} AND NOT ${articles.isDraft}) OR ${author}))`;
}
