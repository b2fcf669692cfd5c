#!/usr/bin/env node
// OCR seconds per page: Wenku's OCR (apps/api/src/engines/ocr, `recogniseDocument`: render the page with MuPDF.js at
// 300 dpi in a worker thread, then read it) with native tesseract and with tesseract.js, against the bare `tesseract`
// command on the same page image, measured in one run on the same machine.
//   bare      OMP_THREAD_LIMIT=1 tesseract page.png stdout -l chi_sim+eng --dpi 300   (the baseline; the PNG is made once)
//   native    recogniseDocument(scan.pdf) with engine 'native'   (a tesseract process per page, OMP_THREAD_LIMIT=1)
//   js        recogniseDocument(scan.pdf) with engine 'tesseract.js' (a fresh worker per document, as the job does:
//             the language models load each time)
//   js warm   the same with one tesseract.js worker kept across documents (page cost without the model load)
// The scan: BENCH_PAGES (default 2) A4 pages, each ~20 lines of Chinese and English text drawn, rendered to a 300 dpi
// grey picture and placed alone on a PDF page (no text layer). Each row: 1 warm-up, then BENCH_RUNS (default 3)
// runs; the median seconds per page are reported with the ratio to the bare command.
// Run from the repository root after `pnpm install`:   node bench/ocr-bench.mjs [--append]
// --append adds the figures, with date and machine, to docs/benchmarks.md at the end of its "OCR" section.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const requireApi = createRequire(join(API, 'package.json'));
const { tsImport } = await import(pathToFileURL(join(dirname(requireApi.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href);
const load = (rel) => tsImport(pathToFileURL(join(API, rel)).href, import.meta.url);

const ocr = await load('src/engines/ocr/index.ts');
const scan = await load('test/fixtures/scan.ts');
const mupdf = await import(pathToFileURL(requireApi.resolve('mupdf')).href);

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const PAGES = Math.max(1, Number(process.env.BENCH_PAGES) || 2);
const LANGS = 'chi_sim+eng';
const DPI = 300;
const APPEND = process.argv.includes('--append');
const work = mkdtempSync(join(tmpdir(), 'wenku-ocr-bench-'));
const loadAtStart = loadavg()[0];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = [];
/** Median seconds per page of fn (which handles `pages` pages). */
async function measure(label, pages, fn) {
  await fn();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push((performance.now() - t0) / 1000 / pages);
  }
  const s = median(times);
  rows.push({ label, s });
  console.log(`  ${label.padEnd(44)} ${s.toFixed(2).padStart(6)} s/page   (runs: ${times.map((t) => t.toFixed(2)).join(', ')})`);
  return s;
}

// ---------------------------------------------------------------- the scan
const ZH = ['图书馆古籍数字化工作报告', '本报告介绍馆藏文献的整理方法与扫描流程。', '每一页都经过校对，再存入档案系统。', '读者可以按标题、作者和年代检索。'];
const EN = [
  'The archive keeps every scanned page in order.',
  'Each volume is checked before it is published.',
  'Search works on titles, authors and full text.',
];
const lines = Array.from({ length: 20 }, (_, i) => (i % 2 ? EN[i % EN.length] : ZH[i % ZH.length]));
const pagePdf = scan.textPagePdf(lines, 12);
const { png, width, height } = scan.renderPng(pagePdf, DPI);
const doc = new mupdf.PDFDocument();
const image = doc.addImage(new mupdf.Image(png));
const resources = doc.addObject({ XObject: { Im0: image } });
for (let p = 0; p < PAGES; p++) doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`));
const scanPath = join(work, 'scan.pdf');
writeFileSync(scanPath, Buffer.from(doc.saveToBuffer('compress').asUint8Array()));
// the bare command reads the picture MuPDF renders from the scan (the same pixels Wenku's OCR reads)
const { png: pagePng } = scan.renderPng(readFileSync(scanPath), DPI);
const pngPath = join(work, 'page.png');
writeFileSync(pngPath, pagePng);

const native = await ocr.findNativeTesseract();
const hasNative = !!native && native.languages.includes('chi_sim') && native.languages.includes('eng');
console.log(
  `OCR bench: ${PAGES} page(s) of ${lines.length} lines, ${DPI} dpi, ${LANGS}, ${RUNS} runs (median), ${cpus().length} CPUs, load ${loadAtStart.toFixed(2)}`,
);
console.log(
  `  tesseract: ${hasNative ? `${native.version} (${native.path})` : 'not installed (with chi_sim and eng)'}; tesseract.js ${ocr.tesseractJsVersion()}`,
);

const opts = (engine, pageEngine) => ({ engine, languages: LANGS, dpi: DPI, pageTimeoutMs: 600_000, maxPages: 0, minChars: 20, workDir: work, pageEngine });
let sample = '';
const recognise = async (engine, pageEngine) => {
  const r = await ocr.recogniseDocument(scanPath, 'pdf', [], opts(engine, pageEngine));
  if (r.texts.length !== PAGES) throw new Error(`${engine}: ${r.texts.length} pages recognised, expected ${PAGES}`);
  sample = r.texts[0].text;
};

let bare;
if (hasNative) {
  bare = await measure('bare tesseract command (baseline)', 1, () => {
    const r = spawnSync(native.path, [pngPath, 'stdout', '-l', LANGS, '--dpi', String(DPI)], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (r.status !== 0) throw new Error(`tesseract failed: ${r.stderr}`);
  });
  await measure('Wenku OCR, native tesseract', PAGES, () => recognise('native'));
  console.log(`    text of page 1 (native): ${JSON.stringify(sample.slice(0, 60))}…`);
}
await measure('Wenku OCR, tesseract.js (worker per document)', PAGES, () => recognise('tesseract.js'));
const warm = new ocr.TesseractJsEngine(LANGS);
await measure('Wenku OCR, tesseract.js (warm worker)', PAGES, () => recognise('tesseract.js', warm));
await warm.close();
console.log(`    text of page 1 (tesseract.js): ${JSON.stringify(sample.slice(0, 60))}…`);

console.log('\nRatios (× the bare tesseract command, seconds per page):');
const table = ['| Path | s/page | × bare tesseract |', '| --- | ---: | ---: |'];
for (const r of rows) {
  const ratio = bare ? (r.s / bare).toFixed(2) : 'n/a';
  console.log(`  ${r.label.padEnd(44)} ${ratio}`);
  table.push(`| ${r.label} | ${r.s.toFixed(2)} | ${ratio} |`);
}
rmSync(work, { recursive: true, force: true });

if (APPEND) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const md = readFileSync(file, 'utf8');
  const stamp = `${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load ${loadAtStart.toFixed(2)}, ${PAGES} pages, ${RUNS} runs`;
  const block = `\nRun of ${stamp}:\n\n${table.join('\n')}\n`;
  const head = '## OCR — `bench/ocr-bench.mjs`';
  const at = md.indexOf(head);
  if (at === -1) throw new Error('docs/benchmarks.md has no OCR section');
  const next = md.indexOf('\n## ', at + head.length);
  const out = next === -1 ? md.trimEnd() + '\n' + block : md.slice(0, next) + block + md.slice(next);
  writeFileSync(file, out);
  console.log(`\nappended to ${file}`);
}
