#!/usr/bin/env node
// Conversion engine overhead: convertDocument (apps/api/src/engines/convert) against the raw engine calls on
// the same files, measured in the same run on the same machine.
//   PDF  (20 pages): convertDocument(all pages to SVG + text + cover) — native mutool when installed, and the MuPDF.js
//                    worker it falls back to (tools.mutool '') — vs mutool draw -F svg (+ -F txt), the raw engine,
//                    and vs MuPDF.js called in-process with no worker (SVG + text), to isolate the worker's cost
//   PDF throughput:  pages per minute with 2 conversions at a time for ~BENCH_SECONDS (10) s, convertDocument vs
//                    2 raw `mutool draw -F svg` + `-F txt` pipelines at a time
//   DOCX (20 pages): convertDocument(all pages)                          vs  soffice --convert-to pdf (warm profile)
//                                                                         and soffice + mutool draw -F svg
//   time to first page image, DOCX: onPage(page 1) of convertDocument    vs  soffice + mutool draw page 1
// Each measurement: 1 warm-up, then BENCH_RUNS (default 3) runs; the median is reported. Ratio (× raw) = the row ÷
// the raw pipeline of its group (PDF: mutool draw -F svg + -F txt; DOCX: soffice + mutool draw -F svg; first page:
// soffice + mutool page 1); for throughput, raw pages/min ÷ the row's (above 1 = slower than raw).
// The 20-page DOCX is generated with the `docx` package (Chinese and English paragraphs); the 20-page PDF is
// LibreOffice's rendering of it (embedded CJK fonts, real text), so both pipelines see the same pages.
// Run from the repository root after `pnpm install`:   node bench/convert-bench.mjs [--append]
// --append adds the figures, with date and machine, to docs/benchmarks.md at the end of its "Conversion" section.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const requireApi = createRequire(join(API, 'package.json'));
// tsx's ESM API (its CJS entry cannot load TypeScript ESM): apps/api/src is TypeScript, run without a build step
const { tsImport } = await import(pathToFileURL(join(dirname(requireApi.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href);
const load = (rel) => tsImport(pathToFileURL(join(API, rel)).href, import.meta.url);

const convert = await load('src/engines/convert/index.ts');
const fixtures = await load('test/convert/fixtures.ts');
const mupdf = await import(pathToFileURL(requireApi.resolve('mupdf')).href);

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS) || 10);
const PAGES = 20;
const APPEND = process.argv.includes('--append');
const work = mkdtempSync(join(tmpdir(), 'wenku-convert-bench-'));
const loadAtStart = loadavg()[0];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
let jobN = 0;
const jobDir = () => {
  const d = join(work, `job-${++jobN}`);
  mkdirSync(d, { recursive: true });
  return d;
};
/** Median wall time of fn; when fn returns a number, that number (ms) is the measurement instead. */
async function measure(label, fn) {
  await fn(); // warm-up
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const own = await fn();
    times.push(typeof own === 'number' ? own : performance.now() - t0);
  }
  const ms = median(times);
  console.log(`  ${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms   (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`);
  return ms;
}
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
};
/** The same, without blocking the event loop (for the runs 2 at a time). */
const runAsync = (cmd, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
/** Pages per minute with 2 conversions at a time for SECONDS (after one warm-up of each). */
async function throughput(label, once, pages) {
  await Promise.all([once(), once()]);
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  let done = 0;
  const lane = async () => {
    while (performance.now() < deadline) {
      await once();
      done += pages;
    }
  };
  await Promise.all([lane(), lane()]);
  const perMin = done / ((performance.now() - t0) / 60_000);
  console.log(`  ${label.padEnd(52)} ${perMin.toFixed(0).padStart(7)} pages/min   (${done} pages in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return perMin;
}
const have = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
if (!have('soffice') || !have('mutool')) {
  console.error('convert-bench needs soffice (LibreOffice) and mutool (mupdf-tools)');
  process.exit(1);
}

// ---------------------------------------------------------------- fixtures
const docxMod = await import(pathToFileURL(requireApi.resolve('docx')).href);
const { Document, Packer, Paragraph, TextRun, PageBreak, HeadingLevel } = docxMod;
const children = [];
for (let p = 1; p <= PAGES; p++) {
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`第${p}章 Chapter ${p}`)] }));
  for (let k = 1; k <= 9; k++) {
    children.push(new Paragraph({
      children: [new TextRun(`${fixtures.PHRASE}。第${p}章第${k}段：文档转换基准测试使用的正文，混合中文与 English words, numbers 12345 and punctuation，` +
        '用来衡量每页的转换时间与引擎本身的差距。Lorem ipsum dolor sit amet, consectetur adipiscing elit.')],
    }));
  }
  if (p < PAGES) children.push(new Paragraph({ children: [new PageBreak()] }));
}
const docx = join(work, 'bench.docx');
writeFileSync(docx, await Packer.toBuffer(new Document({ sections: [{ children }] })));
const rawProfile = join(work, 'raw-profile');
const pdfDir = join(work, 'pdf');
run('soffice', ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(rawProfile).href}`, '--convert-to', 'pdf', '--outdir', pdfDir, docx], { HOME: work });
const pdf = join(pdfDir, 'bench.pdf');
const pdfPages = mupdf.Document.openDocument(readFileSync(pdf), 'application/pdf').countPages();
console.log(`fixtures: ${PAGES}-page DOCX (${readFileSync(docx).length} bytes) → ${pdfPages}-page PDF (${readFileSync(pdf).length} bytes)`);

// ---------------------------------------------------------------- PDF
console.log(`\nPDF, ${pdfPages} pages, every page to SVG:`);
const opts = (extra = {}) => ({ workDir: jobDir(), maxPreviewPages: 0, gzip: false, timeoutMs: 120_000, ...extra });
const pdfEngine = (await convert.convertDocument(pdf, 'pdf', opts({ maxPreviewPages: 1 }))).engine;
const pdfConvert = await measure(`convertDocument (SVG + text + cover, ${pdfEngine.split(' ')[0]})`, () => convert.convertDocument(pdf, 'pdf', opts()));
const pdfConvertGz = await measure('convertDocument, gzip on', () => convert.convertDocument(pdf, 'pdf', opts({ gzip: true })));
const pdfFallback = await measure('convertDocument, MuPDF.js worker (tools.mutool \'\')', () => convert.convertDocument(pdf, 'pdf', opts({ tools: { mutool: '' } })));
const pdfMutool = await measure('mutool draw -F svg (all pages)', async () => {
  const out = jobDir();
  run('mutool', ['draw', '-q', '-F', 'svg', '-o', join(out, 'p%d.svg'), pdf]);
});
const pdfMutoolText = await measure('mutool draw -F svg + mutool draw -F txt', async () => {
  const out = jobDir();
  run('mutool', ['draw', '-q', '-F', 'svg', '-o', join(out, 'p%d.svg'), pdf]);
  run('mutool', ['draw', '-q', '-F', 'txt', '-o', join(out, 'all.txt'), pdf]);
});
const pdfInProcess = await measure('MuPDF.js in-process, no worker (SVG + text)', async () => {
  const doc = mupdf.Document.openDocument(readFileSync(pdf), 'application/pdf');
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const buf = new mupdf.Buffer();
    const w = new mupdf.DocumentWriter(buf, 'svg', '');
    const dev = w.beginPage(page.getBounds());
    page.run(dev, mupdf.Matrix.identity);
    w.endPage();
    w.close();
    buf.asUint8Array();
    page.toStructuredText().asText();
    page.destroy();
  }
  doc.destroy();
});

console.log(`\nPDF, ${pdfPages} pages, every page to SVG, 2 at a time for ${SECONDS} s:`);
const tputConvert = await throughput(`convertDocument (${pdfEngine.split(' ')[0]})`, () => convert.convertDocument(pdf, 'pdf', opts()), pdfPages);
const tputFallback = await throughput('convertDocument, MuPDF.js worker', () => convert.convertDocument(pdf, 'pdf', opts({ tools: { mutool: '' } })), pdfPages);
const tputRaw = await throughput('raw mutool draw -F svg + -F txt', async () => {
  const out = jobDir();
  await runAsync('mutool', ['draw', '-q', '-F', 'svg', '-o', join(out, 'p%d.svg'), pdf]);
  await runAsync('mutool', ['draw', '-q', '-F', 'txt', '-o', join(out, 'all.txt'), pdf]);
  rmSync(out, { recursive: true, force: true });
}, pdfPages);

// ---------------------------------------------------------------- DOCX
console.log(`\nDOCX, ${PAGES} pages, every page to SVG:`);
const docxConvert = await measure('convertDocument (LibreOffice + SVG + text + cover)', () => convert.convertDocument(docx, 'docx', opts()));
const rawSoffice = await measure('soffice --convert-to pdf (warm profile)', async () => {
  run('soffice', ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(rawProfile).href}`, '--convert-to', 'pdf', '--outdir', jobDir(), docx], { HOME: work });
});
const rawSofficeMutool = await measure('soffice --convert-to pdf + mutool draw -F svg', async () => {
  const out = jobDir();
  run('soffice', ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(rawProfile).href}`, '--convert-to', 'pdf', '--outdir', out, docx], { HOME: work });
  run('mutool', ['draw', '-q', '-F', 'svg', '-o', join(out, 'p%d.svg'), join(out, 'bench.pdf')]);
});

console.log('\nDOCX, time to the first page image:');
// onPage hands over page 1 as soon as the worker has it, while the rest still converts
const firstConvert = await measure('convertDocument, onPage(page 1) of a full conversion', async () => {
  const t0 = performance.now();
  let first = 0;
  await convert.convertDocument(docx, 'docx', opts({ onPage: (p) => { if (p.page === 1) first = performance.now() - t0; } }));
  return first;
});
const firstPreview1 = await measure('convertDocument(maxPreviewPages 1), whole call', () => convert.convertDocument(docx, 'docx', opts({ maxPreviewPages: 1 })));
const firstRaw = await measure('soffice --convert-to pdf + mutool draw page 1', async () => {
  const out = jobDir();
  run('soffice', ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(rawProfile).href}`, '--convert-to', 'pdf', '--outdir', out, docx], { HOME: work });
  run('mutool', ['draw', '-q', '-F', 'svg', '-o', join(out, 'p1.svg'), join(out, 'bench.pdf'), '1']);
});

// ---------------------------------------------------------------- report
const engines = await convert.detectEngines();
const v = (n) => engines.find((e) => e.name === n)?.version ?? '?';
const ratio = (a, b) => (a / b).toFixed(2);
const perPage = (ms, n) => (ms / n).toFixed(1);
const machine = `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return '?';
  }
})();
const date = new Date().toISOString().slice(0, 10);
const rows = [
  [`PDF → SVG + text + cover, \`convertDocument\` (${pdfEngine})`, pdfConvert, perPage(pdfConvert, pdfPages), ratio(pdfConvert, pdfMutoolText)],
  ['PDF, same with gzip', pdfConvertGz, perPage(pdfConvertGz, pdfPages), ratio(pdfConvertGz, pdfMutoolText)],
  [`PDF, same through the MuPDF.js worker (\`tools.mutool ''\`)`, pdfFallback, perPage(pdfFallback, pdfPages), ratio(pdfFallback, pdfMutoolText)],
  ['PDF, raw `mutool draw -F svg`', pdfMutool, perPage(pdfMutool, pdfPages), ratio(pdfMutool, pdfMutoolText)],
  ['PDF, raw `mutool draw -F svg` + `-F txt`', pdfMutoolText, perPage(pdfMutoolText, pdfPages), '1.00'],
  ['PDF, MuPDF.js in-process (no worker)', pdfInProcess, perPage(pdfInProcess, pdfPages), ratio(pdfInProcess, pdfMutoolText)],
  ['DOCX → SVG + text + cover, `convertDocument`', docxConvert, perPage(docxConvert, PAGES), ratio(docxConvert, rawSofficeMutool)],
  ['DOCX, raw `soffice --convert-to pdf`', rawSoffice, perPage(rawSoffice, PAGES), ratio(rawSoffice, rawSofficeMutool)],
  ['DOCX, raw `soffice` + `mutool draw -F svg`', rawSofficeMutool, perPage(rawSofficeMutool, PAGES), '1.00'],
  ['DOCX first page image, `convertDocument` `onPage` (page 1)', firstConvert, '—', ratio(firstConvert, firstRaw)],
  ['DOCX, `convertDocument(maxPreviewPages 1)`, whole call', firstPreview1, '—', ratio(firstPreview1, firstRaw)],
  ['DOCX first page image, raw `soffice` + `mutool` page 1', firstRaw, '—', '1.00'],
];
const tputRows = [
  [`\`convertDocument\` (${pdfEngine})`, tputConvert, ratio(tputRaw, tputConvert)],
  ['`convertDocument`, MuPDF.js worker', tputFallback, ratio(tputRaw, tputFallback)],
  ['raw `mutool draw -F svg` + `-F txt`', tputRaw, '1.00'],
];
const table = [
  '| Measurement | Median ms | ms / page | × raw |',
  '| --- | ---: | ---: | ---: |',
  ...rows.map(([l, ms, pp, r]) => `| ${l} | ${ms.toFixed(0)} | ${pp} | ${r} |`),
  '',
  `| ${pdfPages}-page PDF, 2 at a time for ${SECONDS} s | Pages / min | × raw |`,
  '| --- | ---: | ---: |',
  ...tputRows.map(([l, pm, r]) => `| ${l} | ${pm.toFixed(0)} | ${r} |`),
].join('\n');
const conditions = `${date}, commit \`${commit}\`, ${machine}; mupdf.js ${v('mupdf.js')}, LibreOffice ${v('soffice')}, mutool ${v('mutool')}; ` +
  `median of ${RUNS} runs after 1 warm-up; load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end.`;
console.log(`\n${table}\n\n${conditions}`);
console.log('× raw: the row ÷ the raw pipeline of its group (PDF: mutool draw -F svg + -F txt; DOCX: soffice + mutool draw -F svg;');
console.log('first page: soffice + mutool page 1); throughput: raw pages/min ÷ the row\'s. Above 1 = slower than raw.');

mkdirSync(join(ROOT, 'bench/output'), { recursive: true });
writeFileSync(join(ROOT, 'bench/output/convert-bench.json'), JSON.stringify({ date, commit, machine, runs: RUNS, seconds: SECONDS, loadAtStart, rows, throughput: tputRows }, null, 2));

if (APPEND) {
  // at the end of the "## Conversion" section (not of the file: other sections follow it), or a new section
  const file = join(ROOT, 'docs/benchmarks.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const run = `\n### Conversion run, ${date}\n\n${table}\n\nConditions: ${conditions}\n`;
  const start = current.search(/^## Conversion\b/m);
  if (start === -1) {
    writeFileSync(file, `${current}\n## Conversion — \`bench/convert-bench.mjs\`\n\n` +
      'See the method in `bench/convert-bench.mjs`: `convertDocument` (every page to SVG, text, cover) against the raw\n' +
      'engines on the same 20-page files; × raw = the row ÷ the raw pipeline of its group.\n' + run);
  } else {
    const next = current.slice(start + 1).search(/^## /m);
    const at = next === -1 ? current.length : start + 1 + next;
    writeFileSync(file, `${current.slice(0, at).replace(/\n*$/, '\n')}${run}\n${current.slice(at)}`);
  }
  console.log(`added to ${file}`);
}
rmSync(work, { recursive: true, force: true });
