import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { lockDataDir, openPglite } from './db/client';

/**
 * Backup and restore of the embedded default (`npm run backup -- <dir>`, `npm run restore -- <dir>`): the database
 * as PGlite's own tarball of its data directory (every table, index and sequence as they are, extensions
 * included) and the stored files (uploads, converted pages, covers) copied as they are, with a manifest of what
 * was in it. Both need the server stopped: the embedded database belongs to one process at a time (the data
 * folder's lock says which), and a copy taken under a running server could be torn. With PostgreSQL and S3 the
 * operator's own tools do it (pg_dump and the storage's sync, see the README).
 */

const DB_FILE = 'database.tar.gz';
const FILES_DIR = 'files';
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: 'wenku-embedded-backup';
  version: 1;
  created_at: string;
  /** rows per table, to check a restore against */
  counts: Record<string, number>;
  files: number;
}

/** the tables a manifest counts: people, documents, files, money */
const COUNTED = ['users', 'documents', 'attachments', 'credit_ledger', 'orders', 'articles'] as const;

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}

export class BackupError extends Error {}

/** Writes a backup of the data folder `dataDir` into `outDir` (created; must be empty if it exists). */
export async function backup(dataDir: string, outDir: string): Promise<BackupManifest> {
  if (!fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) throw new BackupError(`数据目录 ${dataDir} 里没有内嵌数据库`);
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length) throw new BackupError(`备份目录 ${outDir} 不是空的：请换一个目录`);
  const unlock = lockOrExplain(dataDir);
  try {
    fs.mkdirSync(outDir, { recursive: true });
    const db = await openPglite(dataDir);
    let counts: Record<string, number>;
    try {
      counts = await countRows((q) => db.query<{ n: number }>(q));
      const tarball = await db.dumpDataDir('gzip');
      fs.writeFileSync(path.join(outDir, DB_FILE), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await db.close();
    }
    const files = path.join(dataDir, FILES_DIR);
    if (fs.existsSync(files)) fs.cpSync(files, path.join(outDir, FILES_DIR), { recursive: true });
    const manifest: BackupManifest = { format: 'wenku-embedded-backup', version: 1, created_at: new Date().toISOString(), counts, files: countFiles(files) };
    fs.writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    unlock();
  }
}

/** Restores the backup in `inDir` into the data folder `dataDir`, which must not hold a database yet. */
export async function restore(inDir: string, dataDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(inDir, MANIFEST);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(inDir, DB_FILE)))
    throw new BackupError(`${inDir} 不是 Wenku 的备份（缺少 ${MANIFEST} 或 ${DB_FILE}）`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'wenku-embedded-backup') throw new BackupError(`${inDir} 不是 Wenku 的备份`);
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length)
    throw new BackupError(`数据目录 ${dataDir} 里已经有数据库：恢复只写入新的数据目录，请指定一个空目录（DATA_DIR）`);
  fs.mkdirSync(dataDir, { recursive: true });
  const unlock = lockOrExplain(dataDir);
  try {
    const tarball = new Blob([fs.readFileSync(path.join(inDir, DB_FILE))]);
    const db = await openPglite(dataDir, tarball);
    try {
      const counts = await countRows((q) => db.query<{ n: number }>(q));
      const wrong = Object.entries(manifest.counts).filter(([t, n]) => counts[t] !== n);
      if (wrong.length) throw new BackupError(`恢复后的行数与备份不符：${wrong.map(([t, n]) => `${t} ${counts[t]} ≠ ${n}`).join('，')}`);
    } finally {
      await db.close();
    }
    const files = path.join(inDir, FILES_DIR);
    if (fs.existsSync(files)) fs.cpSync(files, path.join(dataDir, FILES_DIR), { recursive: true });
    return manifest;
  } finally {
    unlock();
  }
}

async function countRows(query: (sql: string) => Promise<{ rows: { n: number }[] }>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of COUNTED) out[t] = Number((await query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
  return out;
}

function lockOrExplain(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (e) {
    throw new BackupError(`${e instanceof Error ? e.message : String(e)}（备份和恢复需要先停止服务）`);
  }
}

/** CLI: `backup <dir>` or `restore <dir>` (an absolute path: scripts/backup.mjs resolves it), on the data folder DATA_DIR. */
async function main() {
  const [cmd, target] = process.argv.slice(2);
  const config = loadConfig();
  const dataDir = config.dataDir;
  if ((cmd !== 'backup' && cmd !== 'restore') || !target) {
    console.error('用法：npm run backup -- <备份目录>    npm run restore -- <备份目录>    （数据目录：DATA_DIR，默认 data/）');
    process.exit(2);
  }
  if (config.databaseUrl || config.storage.kind === 's3') {
    console.error(
      `${config.databaseUrl ? 'DATABASE_URL' : 'STORAGE=s3'} 已设置：PostgreSQL 的数据库请用 pg_dump / pg_restore 备份和恢复，S3 的文件用存储自带的同步工具（如 aws s3 sync），见 README「备份与恢复」。`,
    );
    process.exit(2);
  }
  try {
    const m = cmd === 'backup' ? await backup(dataDir, target) : await restore(target, dataDir);
    const what = Object.entries(m.counts)
      .map(([t, n]) => `${t} ${n}`)
      .join('，');
    console.log(
      cmd === 'backup' ? `已备份 ${dataDir} → ${target}：${what}，文件 ${m.files} 个` : `已从 ${target} 恢复到 ${dataDir}：${what}，文件 ${m.files} 个`,
    );
  } catch (e) {
    console.error(e instanceof BackupError ? e.message : e);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
