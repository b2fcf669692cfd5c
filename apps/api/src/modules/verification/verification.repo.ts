import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { verificationCodes } from '../../db/schema';

export type VerificationRow = typeof verificationCodes.$inferSelect;
export type Channel = 'email' | 'sms';

/** Codes for this address and purpose that are neither used nor expired. */
function openCode(channel: Channel, target: string, purpose: number, now: Date) {
  return and(
    eq(verificationCodes.channel, channel),
    eq(verificationCodes.target, target),
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.isUsed, false),
    gt(verificationCodes.expiresAt, now),
  );
}

export class VerificationRepo {
  constructor(private readonly db: Db) {}

  /** Serialises issuing for one address until the transaction ends (interval and daily limits stay exact). */
  async lockTarget(tx: Tx, channel: Channel, target: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verification:${channel}:${target}`}))`);
  }

  async lastIssued(tx: Db | Tx, channel: Channel, target: string): Promise<VerificationRow | undefined> {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    return row;
  }

  async countSince(tx: Db | Tx, channel: Channel, by: { target: string } | { ip: string }, since: Date): Promise<number> {
    const who = 'target' in by ? eq(verificationCodes.target, by.target) : eq(verificationCodes.ip, by.ip);
    const [r] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), who, gt(verificationCodes.createdAt, since)));
    return r.n;
  }

  /** A new code replaces every open one for the same address and purpose. */
  async insert(tx: Tx, values: typeof verificationCodes.$inferInsert): Promise<VerificationRow> {
    await tx
      .update(verificationCodes)
      .set({ isUsed: true })
      .where(
        and(
          eq(verificationCodes.channel, values.channel),
          eq(verificationCodes.target, values.target),
          eq(verificationCodes.purpose, values.purpose),
          eq(verificationCodes.isUsed, false),
        ),
      );
    const [row] = await tx.insert(verificationCodes).values(values).returning();
    return row;
  }

  /** The newest open code for an address and purpose, locked for the check. */
  async latestOpen(tx: Tx, channel: Channel, target: string, purpose: number, now: Date): Promise<VerificationRow | undefined> {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(openCode(channel, target, purpose, now))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update');
    return row;
  }

  async addAttempt(tx: Tx, id: number): Promise<void> {
    await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id));
  }

  async markUsed(tx: Db | Tx, id: number): Promise<void> {
    await tx.update(verificationCodes).set({ isUsed: true }).where(eq(verificationCodes.id, id));
  }

  /** Marks an open, unexpired row with this hash used; true only for the one caller that did it. */
  async claimByHash(channel: Channel, target: string, purpose: number, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ isUsed: true })
      .where(and(openCode(channel, target, purpose, now), eq(verificationCodes.codeHash, codeHash)))
      .returning({ id: verificationCodes.id });
    return rows.length > 0;
  }

  async purgeExpired(before: Date): Promise<number> {
    const rows = await this.db
      .delete(verificationCodes)
      .where(sql`${verificationCodes.expiresAt} < ${before}`)
      .returning({ id: verificationCodes.id });
    return rows.length;
  }
}
