/**
 * Backup and restore of the embedded default (issue 16): a site with users, a converted document (pages, cover,
 * original file) and credits moved is backed up, restored into a fresh data folder, and found whole there — every
 * user, document, stored file and ledger entry. The tool refuses what would lose data (a non-empty backup folder, a
 * data folder that already holds a database, a folder that is not a backup) with a message a person understands,
 * and with PostgreSQL it points to pg_dump.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { backup, BackupError, restore } from '../src/backup';
import { openDatabase } from '../src/db/client';
import { createTestApp } from './helpers';
import { call } from './call';
import { makeDocument, makeDownload, makeUser } from './factories';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(API, '../..');
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `wenku-${name}-`));

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('npm run backup / restore with PostgreSQL', () => {
  it('explains that pg_dump and the storage tools do it', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'backup', tmp('pgbackup')], {
      env: { ...process.env, DATABASE_URL: 'postgres://x@127.0.0.1:1/x' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('pg_dump');
  });
});

if (!process.env.DATABASE_URL) {
  describe('backup and restore of the embedded default', () => {
    it('a restored data folder has every user, document, stored file and ledger entry', async () => {
      const t = await createTestApp();
      const dataDir = t.config.dataDir;
      const out = path.join(tmp('backup'), 'b1');
      const fresh = tmp('restored');
      try {
        const seller = await makeUser(t, { credits: 0 });
        const buyer = await makeUser(t, { credits: 50 });
        const doc = await makeDocument(t, { owner: seller, converted: true, price: 7, text: ['page one', 'page two'] });
        await makeDownload(t, { document: doc, by: buyer });
        const article = (await call(t, api.createArticle, { body: { title: '备份里的文章', content: '正文' }, as: 'admin' })) as { id: number };
        const q = (sql: string) => t.database.pool.query(sql).then((r) => r.rows);
        const before = {
          users: await q('SELECT id, username, credit_count FROM users ORDER BY id'),
          documents: await q('SELECT id, uuid, title, status, pages FROM documents ORDER BY id'),
          ledger: await q('SELECT id, user_id, delta, reason FROM credit_ledger ORDER BY id'),
          articles: await q('SELECT id, title FROM articles ORDER BY id'),
        };
        expect(before.ledger.some((r) => r.reason === 'download_document' && r.delta === -7)).toBe(true);
        const storedFiles = filesUnder(path.join(dataDir, 'files'));
        expect(storedFiles.some((f) => f.startsWith('pages'))).toBe(true);
        // the server stops: the data folder is free
        await t.app.close();
        await t.database.close();

        const m = await backup(dataDir, out);
        expect(m.counts).toMatchObject({ users: before.users.length, documents: before.documents.length, credit_ledger: before.ledger.length });
        expect(m.files).toBe(storedFiles.length);
        await expect(backup(dataDir, out)).rejects.toThrow(/不是空的/);

        await restore(out, fresh);
        await expect(restore(out, fresh)).rejects.toThrow(/已经有数据库/);
        await expect(restore(fresh, tmp('nothing'))).rejects.toThrow(/不是 Wenku 的备份/);
        expect(filesUnder(path.join(fresh, 'files'))).toEqual(storedFiles);
        const db = await openDatabase({ dataDir: fresh });
        try {
          const r = (sql: string) => db.pool.query(sql).then((x) => x.rows);
          expect(await r('SELECT id, username, credit_count FROM users ORDER BY id')).toEqual(before.users);
          expect(await r('SELECT id, uuid, title, status, pages FROM documents ORDER BY id')).toEqual(before.documents);
          expect(await r('SELECT id, user_id, delta, reason FROM credit_ledger ORDER BY id')).toEqual(before.ledger);
          expect((await r('SELECT id, title FROM articles ORDER BY id')).find((a) => a.id === article.id)?.title).toBe('备份里的文章');
          // the ledger still explains every balance
          const unbalanced = await r(`SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(delta) AS s FROM credit_ledger GROUP BY user_id) l
            ON l.user_id = u.id WHERE u.credit_count <> coalesce(l.s, 0)`);
          expect(unbalanced).toEqual([]);
          // sequences came along: a new row does not collide with a restored one
          const next = await r(
            `INSERT INTO credit_ledger (user_id, delta, balance_after, reason) SELECT user_id, 0, balance_after, 'check' FROM credit_ledger ORDER BY id DESC LIMIT 1 RETURNING id`,
          );
          expect(Number(next[0].id)).toBeGreaterThan(Math.max(...before.ledger.map((l) => Number(l.id))));
        } finally {
          await db.close();
        }
      } finally {
        for (const d of [dataDir, path.dirname(out), fresh]) fs.rmSync(d, { recursive: true, force: true });
      }
    });

    it('refuses a folder that holds no embedded database', async () => {
      await expect(backup(tmp('empty'), tmp('out'))).rejects.toBeInstanceOf(BackupError);
    });
  });
}
