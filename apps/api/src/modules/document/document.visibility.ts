import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DocumentStatus } from '@wenku/contracts';
import { documents } from '../../db/schema';

const HIDDEN = sql.join(
  [DocumentStatus.Disabled, DocumentStatus.PendingReview, DocumentStatus.ReviewRejected].map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The rule of the document page (`documents.views.visible`) as an SQL condition, for a read of another module that
 * pages over what a viewer may see (the account's public feed): the document `id` names exists, is not deleted, and
 * is not disabled, under review or rejected unless `viewerId` (undefined: anonymous) is its uploader. The document
 * module owns the rule and the table; the reader gets the condition, not the table.
 */
export function documentVisibleSql(id: SQLWrapper, viewerId: number | undefined): SQL {
  const author = viewerId === undefined ? sql`false` : sql`${documents.userId} = ${viewerId}`;
  return sql`EXISTS (SELECT 1 FROM ${documents} WHERE ${documents.id} = ${id} AND ${documents.deletedAt} IS NULL
    AND (${documents.status} NOT IN (${HIDDEN}) OR ${author}))`;
}
