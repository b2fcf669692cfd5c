/**
 * Reader benchmark (issue 27), three figures, each against a baseline measured in the same run:
 *  (a) find in a document: GET /document/find p50/p95 on a 250-page document (the corpus' Debian reference) at
 *      BENCH_READERS concurrent readers (default 20), through the whole app (app.inject: routing, access rules, the
 *      find index, hit boxes, JSON), against the bare SQL query over the same pages' stored text (which pages contain
 *      the word) at the same concurrency — target: find p95 ≤ 50 ms;
 *  (b) text-layer bytes per page as served (gzipped JSON) against the page image's bytes as served;
 *  (c) the extra conversion time per page the layer costs: MuPDF's render script on a corpus PDF with the layers on
 *      and off (interleaved, BENCH_ROUNDS rounds, medians), plus the encoding of the layers (JSON + gzip) — target ≤ 10 %.
 * Run: DATABASE_URL=postgres://... npx tsx bench/reader-bench.ts (PGlite when DATABASE_URL is unset); from the
 * repository root: node bench/reader-bench.mjs. BENCH_CONVERT_PDF=<path> picks the PDF of (c) (default: the corpus'
 * maint-guide, 63 pages). Results: printed, and written to bench/output/reader-bench.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@wenku/contracts';
import { createTestApp } from '../test/helpers';
import { call } from '../test/call';
import { makeDocument, makeUser } from '../test/factories';
import { findNativeMutool, renderNative } from '../src/engines/convert/native';
import { encodeLayer } from '../src/modules/conversion/text-layer.store';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const FIND_PDF = process.env.BENCH_FIND_PDF ?? path.join(CORPUS, 'debian-reference.zh-cn.pdf');
const CONVERT_PDF = process.env.BENCH_CONVERT_PDF ?? path.join(CORPUS, 'maint-guide.zh-cn.pdf');
const READERS = Number(process.env.BENCH_READERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// words of mixed frequency in the Debian reference: common, middling, rare, Latin across forms, absent
const WORDS = ['软件包', '系统', '配置文件', '内核', 'apt-get', 'ＤＥＢＩＡＮ', 'sudo', '文件系统', '网络', 'locale', '备份', 'zzznotthere'];
/** BENCH_PARTS=convert: (c) alone (without (a) and (b), which need the database); =find: (a) and (b) alone */
const PARTS = (process.env.BENCH_PARTS ?? 'find,convert').split(',');
const REQUESTS_PER_READER = Number(process.env.BENCH_REQUESTS ?? 25);

const pct = (a: number[], p: number) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};
const median = (a: number[]) => pct(a, 50);

/** READERS loops, each timing REQUESTS_PER_READER calls of `one(i)`; the latencies in ms. */
async function concurrent(one: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: READERS }, async (_, r) => {
      for (let k = 0; k < REQUESTS_PER_READER; k++) {
        const t0 = performance.now();
        await one(r * REQUESTS_PER_READER + k);
        out.push(performance.now() - t0);
      }
    }),
  );
  return out;
}

async function main() {
  const result: Record<string, unknown> = { readers: READERS };
  if (!PARTS.includes('find')) return convertPart(result);
  const t = await createTestApp();
  result.database = t.database.kind;
  try {
    // ---- (a) find on a 250-page document, every page readable
    await call(t, api.updateConfig, { body: { config: [{ category: 'converter', name: 'max_preview', value: 0 }] }, as: 'admin' });
    const owner = await makeUser(t);
    const t0 = performance.now();
    const doc = await makeDocument(t, { owner, file: { content: fs.readFileSync(FIND_PDF), name: path.basename(FIND_PDF) }, converted: true });
    console.log(`converted ${path.basename(FIND_PDF)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { rows } = await t.database.pool.query<{ pages: number; preview: number }>('SELECT pages, preview FROM conversions WHERE hash = $1', [doc.hash]);
    const pages = rows[0]!.preview;
    console.log(`database: ${t.database.kind}; ${rows[0]!.pages} pages, ${pages} readable; ${READERS} concurrent readers × ${REQUESTS_PER_READER} finds`);
    const find = (wd: string) => t.req({ method: 'GET', url: `/api/v1/document/find?uuid=${doc.uuid}&wd=${encodeURIComponent(wd)}` });
    // the first find builds the document's index (read and folded once); both sides warm up
    for (const w of WORDS) {
      const r = await find(w);
      if (r.statusCode !== 200) throw new Error(`find ${w}: ${r.statusCode} ${r.body}`);
    }
    const hits = Object.fromEntries(await Promise.all(WORDS.map(async (w) => [w, (await find(w)).json<{ total: number }>().total])));
    // the baseline: the bare query a database-side find would be — which of the readable pages' stored text hold
    // the word (case-insensitive), no boxes, no snippets, no access rules, no HTTP
    const bare = (wd: string) =>
      t.database.pool.query('SELECT page FROM document_texts WHERE hash = $1 AND page <= $2 AND strpos(lower(text), lower($3)) > 0 ORDER BY page', [
        doc.hash,
        pages,
        wd,
      ]);
    for (const w of WORDS) await bare(w);
    const rawMs: number[] = [];
    const apiMs: number[] = [];
    // alternate the two sides, so the machine's load falls on both alike
    for (let round = 0; round < 2; round++) {
      rawMs.push(...(await concurrent((i) => bare(WORDS[i % WORDS.length]!))));
      apiMs.push(...(await concurrent((i) => find(WORDS[i % WORDS.length]!))));
    }
    result.find = {
      document: path.basename(FIND_PDF),
      pages,
      hits,
      api_p50_ms: +pct(apiMs, 50).toFixed(1),
      api_p95_ms: +pct(apiMs, 95).toFixed(1),
      bare_sql_p50_ms: +pct(rawMs, 50).toFixed(1),
      bare_sql_p95_ms: +pct(rawMs, 95).toFixed(1),
      ratio_p95: +(pct(apiMs, 95) / pct(rawMs, 95)).toFixed(2),
      target_p95_ms: 50,
    };
    console.log('find', result.find);

    // ---- (b) bytes per page as served: the layer (gzipped JSON) against the page image
    const detail = (await t.req({ method: 'GET', url: `/api/v1/document?uuid=${doc.uuid}` })).json<{ page_urls: string[] }>();
    const layerBytes: number[] = [];
    const imageBytes: number[] = [];
    for (let p = 1; p <= pages; p++) {
      const l = await t.req({ method: 'GET', url: `/view/text/${doc.uuid}/${p}.json`, headers: { 'accept-encoding': 'gzip' } });
      const i = await t.req({ method: 'GET', url: detail.page_urls[p - 1]!, headers: { 'accept-encoding': 'gzip' } });
      if (l.statusCode !== 200 || i.statusCode !== 200) throw new Error(`page ${p}: layer ${l.statusCode}, image ${i.statusCode}`);
      layerBytes.push(l.rawPayload.length);
      imageBytes.push(i.rawPayload.length);
    }
    const sum = (a: number[]) => a.reduce((n, x) => n + x, 0);
    result.bytes = {
      pages,
      layer_per_page_median: median(layerBytes),
      layer_per_page_mean: Math.round(sum(layerBytes) / pages),
      image_per_page_median: median(imageBytes),
      image_per_page_mean: Math.round(sum(imageBytes) / pages),
      layer_to_image: +(sum(layerBytes) / sum(imageBytes)).toFixed(3),
    };
    console.log('bytes', result.bytes);
  } finally {
    await t.close();
  }
  return convertPart(result);
}

async function convertPart(result: Record<string, unknown>) {
  if (PARTS.includes('convert')) await convert(result);
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.resolve('../../bench/output'), { recursive: true });
  fs.writeFileSync(path.resolve('../../bench/output/reader-bench.json'), JSON.stringify(result, null, 2));
}

async function convert(result: Record<string, unknown>) {
  // ---- (c) conversion time per page with the layers on and off: the real native conversion (mutool's script and
  // this side's page handling), and with the layers on, their encoding as stored (JSON, gzip)
  const mutool = await findNativeMutool(undefined);
  if (!mutool) throw new Error('mutool not found');
  const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
  const encodeMs: number[] = [];
  let pdfPages = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wk-reader-bench-'));
      try {
        const t1 = performance.now();
        const r = await renderNative(mutool, {
          input: CONVERT_PDF,
          kind: 'pdf',
          workDir,
          memoryMb: 4096,
          timeoutMs: 30 * 60_000,
          maxPreviewPages: 0,
          images: true,
          gzip: true,
          coverWidth: 420,
          maxTextBytes: 50 * 1024 * 1024,
          maxPages: 100_000,
          maxRenderedBytes: 2 * 1024 * 1024 * 1024,
          layers: mode === 'on',
        });
        let ms = performance.now() - t1;
        pdfPages = r.pages;
        if (mode === 'on') {
          const t2 = performance.now();
          for (const p of r.rendered) if (p.layer) await encodeLayer(p.page, p.layer);
          const enc = performance.now() - t2;
          encodeMs.push(enc);
          ms += enc;
          if (!r.rendered.some((p) => p.layer?.spans.length)) throw new Error('no layers made');
        } else if (r.rendered.some((p) => p.layer?.spans.length)) throw new Error('layers made with layers off');
        times[mode].push(ms);
        console.log(`convert ${mode}: ${r.pages} pages in ${(ms / 1000).toFixed(2)} s`);
      } finally {
        fs.rmSync(workDir, { recursive: true, force: true });
      }
    }
  }
  const on = median(times.on);
  const off = median(times.off);
  result.convert = {
    document: path.basename(CONVERT_PDF),
    pages: pdfPages,
    rounds: ROUNDS,
    off_ms_per_page: +(off / pdfPages).toFixed(1),
    on_ms_per_page: +(on / pdfPages).toFixed(1),
    extra_ms_per_page: +((on - off) / pdfPages).toFixed(2),
    of_which_encoding_ms_per_page: +(median(encodeMs) / pdfPages).toFixed(2),
    extra_percent: +(((on - off) / off) * 100).toFixed(1),
    target_percent: 10,
  };
  console.log('convert', result.convert);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
