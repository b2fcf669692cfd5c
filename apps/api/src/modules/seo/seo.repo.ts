import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';

/** Read-only SQL the sitemap needs from other domains' tables. */
export class SeoRepo {
  constructor(private readonly db: Db) {}

  /** Public (converted, not deleted) documents after an id, in id order. */
  publicDocuments(afterId: number, limit: number) {
    return this.db.select({ id: documents.id, uuid: documents.uuid, updatedAt: documents.updatedAt }).from(documents)
      .where(and(eq(documents.status, 2), isNull(documents.deletedAt), gt(documents.id, afterId))).orderBy(asc(documents.id)).limit(limit);
  }
}
