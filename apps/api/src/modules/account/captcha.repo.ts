import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';

export class CaptchaRepo {
  constructor(private readonly db: Db) {}

  async insertCaptcha(row: typeof captchas.$inferInsert) {
    await this.db.insert(captchas).values(row);
  }
  /** Takes a captcha (single use): returns its stored hash if it existed and was unexpired. */
  async takeCaptcha(id: string): Promise<{ answerHash: string; type: string } | undefined> {
    const [row] = await this.db
      .delete(captchas)
      .where(and(eq(captchas.id, id), gt(captchas.expiresAt, new Date())))
      .returning();
    return row;
  }
  async purgeCaptchas(): Promise<number> {
    const gone = await this.db.delete(captchas).where(lte(captchas.expiresAt, new Date())).returning({ id: captchas.id });
    return gone.length;
  }
}
