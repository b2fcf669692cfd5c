/**
 * A stand-in estimate of the retrieval quality suite, runnable before the knowledge module exists: the two fixture
 * documents converted by the product's converter, each page cut by the bench's stand-in chunker (chunks keep their
 * page), the jieba tsvector and the fake embedding of each chunk written to the real tables (migration 0012), then
 * every question of test/fixtures/retrieval-questions.json asked with the bench's bare keyword query, bare vector
 * query and stand-in hybrid (reciprocal rank fusion), scored with the suite's own metric helper.
 * It says how hard the question set is for this kind of retrieval and checks that every question's page can be
 * reached; the real figures are the quality suite's (test/retrieval-quality.test.ts), once the module is merged.
 * Run: cd apps/api && npx tsx bench/retrieval-estimate.ts   (DATABASE_URL=postgres://… for PostgreSQL)
 *   RETRIEVAL_ESTIMATE_MISSES=1 also lists the questions each mode misses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/app';
import { convertDocument } from '../src/engines/convert';
import { parseQuery, segment, toRankQuery } from '../src/lib/segment';
import { fakeVector } from '../test/fakes/llm-server';
import { evaluateMode, formatReport, type RankedPassage, type RetrievalQuestion } from '../test/retrieval-metrics';
import { chunkSentences, sentences } from './retrieval-bench';

const API = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MODEL = 'fake-embed';
const K = 5;
const TOPK = 20;
const DOCS = [
  { key: 'maint-guide', file: 'maint-guide.zh-cn.pdf', title: 'Debian 新维护者手册' },
  { key: 'debian-faq', file: 'debian-faq.zh-cn.txt', title: 'Debian GNU/Linux 常见问题（FAQ）' },
];

async function main() {
  const questions: RetrievalQuestion[] = JSON.parse(fs.readFileSync(path.join(API, 'test/fixtures/retrieval-questions.json'), 'utf8'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-restimate-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench-12345', API_ONLY: '1', NO_WORKER: '1' },
    { jwtSecret: 'b'.repeat(32) },
  );
  if (process.env.DATABASE_URL) throw new Error('the estimate writes into the database it is given: run it on PGlite (unset DATABASE_URL)');
  const database = await openDatabase({ dataDir });
  await prepareDatabase(database, config, () => undefined);
  const pool = database.pool;
  const {
    rows: [u],
  } = await pool.query(`INSERT INTO users (username, password) VALUES ('estimate', '') RETURNING id`);
  const keyOf = new Map<number, string>();
  let chunkCount = 0;
  for (const d of DOCS) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-restimate-conv-'));
    const r = await convertDocument(path.join(API, 'test/fixtures/corpus', d.file), path.extname(d.file).slice(1), {
      workDir,
      maxPreviewPages: 1,
      gzip: false,
      timeoutMs: 600_000,
    });
    fs.rmSync(workDir, { recursive: true, force: true });
    const {
      rows: [doc],
    } = await pool.query(
      `INSERT INTO documents (uuid, title, user_id, hash, ext, status, pages, preview) VALUES (md5(random()::text), $1, $2, md5(random()::text), 'pdf', 2, $3, $3) RETURNING id`,
      [d.title, u.id, r.pages],
    );
    keyOf.set(doc.id, d.key);
    let seq = 0;
    for (const p of r.texts) {
      for (const content of chunkSentences(sentences(p.text))) {
        const {
          rows: [c],
        } = await pool.query(
          `INSERT INTO document_chunks (document_id, page, seq, content, tokens, tsv) VALUES ($1, $2, $3, $4, $5, to_tsvector('simple', $6)) RETURNING id`,
          [doc.id, p.page, seq++, content, content.length, segment(content)],
        );
        await pool.query(`INSERT INTO chunk_embeddings (chunk_id, model, embedding) VALUES ($1, $2, $3)`, [
          c.id,
          MODEL,
          database.kind === 'pglite' ? `[${fakeVector(content, MODEL).join(',')}]` : `{${fakeVector(content, MODEL).join(',')}}`,
        ]);
        chunkCount++;
      }
    }
  }
  console.log(`${chunkCount} chunks; ${questions.length} questions`);
  const passage = async (ids: number[]): Promise<RankedPassage[]> => {
    if (!ids.length) return [];
    const { rows } = await pool.query(`SELECT id, document_id, page FROM document_chunks WHERE id = ANY($1::int[])`, [ids]);
    const byId = new Map(rows.map((r) => [r.id as number, r]));
    return ids.map((id) => ({ doc: keyOf.get(byId.get(id)!.document_id) ?? '?', page: byId.get(id)!.page }));
  };
  const results: Record<string, RankedPassage[][]> = { keyword: [], vector: [], hybrid: [] };
  for (const q of questions) {
    const tsq = toRankQuery(parseQuery(q.q)) ?? '';
    const kw = tsq
      ? (
          await pool.query(
            `SELECT c.id FROM document_chunks c, to_tsquery('simple', $1) q WHERE c.tsv @@ q ORDER BY ts_rank_cd(c.tsv, q) DESC, c.id LIMIT $2`,
            [tsq, TOPK],
          )
        ).rows.map((r) => r.id as number)
      : [];
    const v = fakeVector(q.q, MODEL);
    const vec = (
      await pool.query(`SELECT chunk_id FROM chunk_embeddings WHERE model = $2 ORDER BY embedding::vector(256) <=> $1::vector(256) LIMIT $3`, [
        `[${v.join(',')}]`,
        MODEL,
        TOPK,
      ])
    ).rows.map((r) => r.chunk_id as number);
    const score = new Map<number, number>();
    kw.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (60 + i + 1)));
    vec.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (60 + i + 1)));
    const hy = [...score.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, K)
      .map(([id]) => id);
    results.keyword.push(await passage(kw.slice(0, K)));
    results.vector.push(await passage(vec.slice(0, K)));
    results.hybrid.push(await passage(hy));
  }
  const reports = Object.fromEntries(Object.entries(results).map(([m, r]) => [m, evaluateMode(questions, r, K)]));
  console.log(formatReport(reports));
  if (process.env.RETRIEVAL_ESTIMATE_MISSES === '1')
    for (const [m, rep] of Object.entries(reports)) {
      console.log(`\n${m} misses:`);
      rep.ranks.forEach((r, i) => {
        if (!r) console.log(`  [${questions[i].doc} ${questions[i].pages ?? questions[i].page}] ${questions[i].q} → ${JSON.stringify(results[m][i])}`);
      });
    }
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
