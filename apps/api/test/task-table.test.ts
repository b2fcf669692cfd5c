/**
 * The queue SQL the task tables share (kernel/task-table.ts, issue 26 item 6): keys by status, moves that only one
 * caller wins, the watchdog's stale rows, counts per status and the admin list's page — over ocr_tasks, conversions
 * and embedding_tasks, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase } from './helpers';
import { runMigrations } from '../src/db/migrate';
import type { Db } from '../src/db/client';
import { conversions, embeddingTasks, ocrTasks } from '../src/db/schema';
import { TaskTable, pageOf, statusFilter } from '../src/kernel/task-table';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let ocr: TaskTable<typeof ocrTasks, string>;

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** ocr tasks `<prefix>-<status>-<n>`: one row per status given, `old` ones untouched for a day */
async function seed(prefix: string, statuses: number[], old = false) {
  const rows = statuses.map((status, i) => ({ hash: `${prefix}-${status}-${i}`, status, ...(old ? { updatedAt: ago(24 * HOUR) } : {}) }));
  await db.insert(ocrTasks).values(rows);
  return rows.map((r) => r.hash);
}
const statusOf = async (hashes: string[]) =>
  Object.fromEntries(
    (await db.select({ hash: ocrTasks.hash, status: ocrTasks.status }).from(ocrTasks).where(inArray(ocrTasks.hash, hashes))).map((r) => [r.hash, r.status]),
  );

beforeAll(async () => {
  t = await createTestDatabase();
  await runMigrations(t.database);
  db = t.database.db;
  ocr = new TaskTable(db, ocrTasks, ocrTasks.hash);
});
afterAll(async () => t?.drop());

describe('TaskTable', () => {
  it('keysIn: by status, among given keys only (none given: none), untouched since, at most a limit', async () => {
    const [p0, w1, f3] = await seed('keys', [0, 1, 3]);
    const [oldP] = await seed('keys-old', [0], true);
    expect((await ocr.keysIn([0])).sort()).toEqual([oldP, p0].sort());
    expect((await ocr.keysIn({ not: [0, 2] }, { among: [p0, w1, f3] })).sort()).toEqual([w1, f3].sort());
    expect(await ocr.keysIn([0, 1, 2, 3], { among: [] })).toEqual([]);
    expect(await ocr.keysIn([0], { olderThan: ago(HOUR) })).toEqual([oldP]);
    expect(await ocr.keysIn([0, 1, 3], { limit: 2 })).toHaveLength(2);
  });

  it('move: only rows of the given keys in a `from` status move, with the patch; none given moves none', async () => {
    const keys = await seed('move', [0, 1, 2, 3]);
    const moved = await ocr.move(keys, { not: [1] }, 0, { error: '', attempts: 0 });
    expect(moved.sort()).toEqual([keys[0], keys[2], keys[3]].sort());
    expect(await statusOf(keys)).toEqual({ [keys[0]]: 0, [keys[1]]: 1, [keys[2]]: 0, [keys[3]]: 0 });
    expect(await ocr.move([], [0, 1, 2, 3], 3)).toEqual([]);
    expect(await statusOf(keys)).toEqual({ [keys[0]]: 0, [keys[1]]: 1, [keys[2]]: 0, [keys[3]]: 0 });
  });

  it("move 'all' with olderThan: the watchdog fails only the working rows untouched since then", async () => {
    const [fresh] = await seed('watch', [1]);
    const [stuck, waiting] = await seed('watch-old', [1, 0], true);
    const failed = await ocr.move('all', [1], 3, { error: '超时' }, ago(HOUR));
    expect(failed).toEqual([stuck]);
    expect(await statusOf([fresh, stuck, waiting])).toEqual({ [fresh]: 1, [stuck]: 3, [waiting]: 0 });
    const [row] = await db.select().from(ocrTasks).where(eq(ocrTasks.hash, stuck));
    expect(row.error).toBe('超时');
    // the move counts as a change: the row is no longer untouched
    expect(row.updatedAt.getTime()).toBeGreaterThan(ago(HOUR).getTime());
  });

  it('claim and move: of callers racing for one pending row exactly one gets it', async () => {
    const [key] = await seed('race', [0]);
    const claims = await Promise.all(Array.from({ length: 4 }, () => ocr.claim(key, { attempts: sql`${ocrTasks.attempts} + 1`, startedAt: new Date() })));
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ hash: key, status: 1, attempts: 1 });
    expect(await ocr.claim(key)).toBeUndefined();

    const [other] = await seed('race-move', [0]);
    const moves = await Promise.all(Array.from({ length: 4 }, () => ocr.move([other], [0], 1)));
    expect(moves.flat()).toEqual([other]);
  });

  it('stale: whole rows in a status older than a time, by the last change or another column', async () => {
    const [fresh, old] = await seed('stale', [1, 1]);
    await db
      .update(ocrTasks)
      .set({ updatedAt: ago(24 * HOUR) })
      .where(eq(ocrTasks.hash, old));
    const stale = (await ocr.stale(1, ago(HOUR))).filter((r) => r.hash.startsWith('stale-'));
    expect(stale.map((r) => r.hash)).toEqual([old]);
    expect(stale[0]).toMatchObject({ status: 1, error: '' });
    expect(fresh).toBeTruthy();

    const conv = new TaskTable(db, conversions, conversions.hash);
    await db.insert(conversions).values([
      { hash: 'conv-late', ext: 'pdf', status: 1, startedAt: ago(24 * HOUR) },
      { hash: 'conv-now', ext: 'pdf', status: 1, startedAt: new Date(), updatedAt: ago(24 * HOUR) },
    ]);
    expect((await conv.stale(1, ago(HOUR), conversions.startedAt)).map((r) => r.hash)).toEqual(['conv-late']);
  });

  it('counts per status and in a set of statuses', async () => {
    const emb = new TaskTable(db, embeddingTasks, embeddingTasks.documentId);
    await db.insert(embeddingTasks).values([0, 0, 1, 3, 3, 3].map((status, i) => ({ documentId: 9000 + i, status })));
    expect(await emb.counts()).toEqual({ 0: 2, 1: 1, 3: 3 });
    expect(await emb.countIn([0, 1])).toBe(3);
    expect(await emb.countIn({ not: [3] })).toBe(3);
  });

  it('pageOf: one page of the filtered, ordered rows and the total of the same filter', async () => {
    const keys = await seed('page', [3, 3, 3, 3, 3, 0]);
    const where = sql`${ocrTasks.hash} like 'page-%' and ${statusFilter(ocrTasks.status, [3])}`;
    const page = await pageOf(
      db.select({ hash: ocrTasks.hash }).from(ocrTasks).where(where).orderBy(asc(ocrTasks.hash)).$dynamic(),
      db.select({ n: count() }).from(ocrTasks).where(where),
      { page: 2, size: 2 },
    );
    expect(page).toEqual({ rows: [{ hash: keys[2] }, { hash: keys[3] }], total: 5 });
    expect(statusFilter(ocrTasks.status, [])).toBeUndefined();
    expect(statusFilter(ocrTasks.status)).toBeUndefined();
  });
});
