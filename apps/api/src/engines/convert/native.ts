import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCb, gzipSync } from 'node:zlib';
import { ConvertError, type ConvertErrorCode } from './errors.js';
import { findExecutable, runProcess } from './process.js';
import type { MupdfResult, RenderOptions, RenderedPage } from './render.js';
import type { ConvertTools } from './types.js';
import { TextBudget, cleanText } from './page-text.mjs';

/**
 * The native render path: one `mutool run mutool-render.js` process (Debian mupdf-tools, MuPDF in C) does for a
 * PDF or XPS what the MuPDF.js worker does — every page's SVG and text, the cover — about twice as fast per page
 * and without the worker's ~0.3 s WASM start-up. The script reports each page on stdout as soon as its files are
 * written; this side reads them, cleans the text, gzips, applies the byte budgets and calls onPage in page order.
 */

const gzipAsync = promisify(gzipCb);

// found the way the worker is: next to the sources (tsx, vitest), and copied beside dist/server.js by apps/api/build.mjs
const SCRIPT = fileURLToPath(new URL('./mutool-render.js', import.meta.url));

/** What the native path runs: mutool, its version, and the helpers it uses when present. */
export interface NativeMutool {
  path: string;
  version: string;
  /** util-linux prlimit: caps mutool's address space (memory) */
  prlimit?: string;
  /** coreutils stdbuf: mutool's print() is block-buffered on a pipe; line buffering streams the pages */
  stdbuf?: string;
}

const versions = new Map<string, Promise<string>>();

/** '1.21.1', read once per binary from `mutool -v`. */
export function mutoolVersion(path: string): Promise<string> {
  let v = versions.get(path);
  if (!v) {
    v = runProcess(path, ['-v'], { timeoutMs: 15_000, label: 'mutool' })
      .then((r) => /version\s+([\d.]+)/i.exec(`${r.stdout}${r.stderr}`)?.[1] ?? 'unknown')
      .catch(() => 'unknown');
    versions.set(path, v);
  }
  return v;
}

let helpers: Promise<{ prlimit?: string; stdbuf?: string }> | undefined;
const probes = new Map<string, Promise<boolean>>();

/**
 * mutool for the native path, or undefined: then the caller uses the MuPDF.js worker. `tools.mutool = ''` (or a
 * path that is not there) forces that fallback. A binary is used only once it has run the script on a two-page
 * PDF (once per process): another MuPDF release may have changed the scripting API the script relies on.
 */
export async function findNativeMutool(tools: ConvertTools | undefined): Promise<NativeMutool | undefined> {
  const path = await findExecutable(tools?.mutool ?? 'mutool');
  if (!path) return undefined;
  helpers ??= Promise.all([findExecutable('prlimit'), findExecutable('stdbuf')]).then(([prlimit, stdbuf]) => ({ prlimit, stdbuf }));
  let probe = probes.get(path);
  if (!probe) {
    probe = probeScript(path);
    probes.set(path, probe);
  }
  const [ok, version, h] = await Promise.all([probe, mutoolVersion(path), helpers]);
  return ok ? { path, version, ...h } : undefined;
}

/** A valid two-page PDF with a line of text on each, offsets computed: no repair warnings. */
function probePdf(): Buffer {
  const content = 'BT /F1 12 Tf 20 50 Td (probe) Tj ET';
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R 6 0 R]/Count 2>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function probeScript(mutool: string): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'wenku-mutool-probe-'));
  try {
    const input = join(dir, 'probe.pdf');
    await writeFile(input, probePdf());
    // both text channels: a page file (pageText 1, preview page 1) and the document file (page 2)
    const r = await runProcess(mutool, ['run', SCRIPT, input, 'pdf', dir, '1', '40', '10', '1', 'wkprobe'], { timeoutMs: 15_000, label: 'mutool', cwd: dir });
    const [svg, text, docText, png] = await Promise.all(
      ['s0-1.svg', 't1.txt', 'text.txt', 'cover.png'].map((f) => readFile(join(dir, f)).catch(() => Buffer.alloc(0))),
    );
    return (
      r.code === 0 &&
      r.stdout.includes('{"t":"end"}') &&
      svg.includes('<svg') &&
      text.toString('utf8').includes('probe') &&
      /probe\s+wkprobep2e/.test(docText.toString('utf8')) &&
      png.readUInt32BE(16) === 40
    );
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface NativeJob extends RenderOptions {
  /** a PDF, or an XPS (MuPDF C reads XPS itself; the MuPDF.js build does not) */
  input: string;
  kind: 'pdf' | 'xps';
  /** a private temp dir for the page files is made inside and removed afterwards */
  workDir: string;
  /** mutool's address-space cap (MiB), when prlimit is there */
  memoryMb: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** each preview page in page order, as soon as it is ready */
  onPage?: (page: RenderedPage) => void;
}

const blankSvg = (w: number, h: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"></svg>\n`);

const round = (n: number) => Math.round(n * 100) / 100;

const OOM = /malloc|out of memory|cannot allocate|memory exhausted/i;

type PageLine = { n: number; b?: [number, number, number, number]; svg?: string; txt?: 1 | 2; warn?: string[] };
type ScriptLine =
  | { t: 'doc'; pages: number; title?: string }
  | ({ t: 'page' } & PageLine)
  | { t: 'pages'; list: PageLine[] }
  | { t: 'cover' }
  | { t: 'end' }
  | { t: 'error'; reason: string; detail?: string };

/** The script's failure reasons as the worker reports the same failures (code and Chinese message). */
function scriptError(reason: string, detail: string | undefined, maxPages: number, maxPagesMessage?: string): ConvertError {
  const known: Record<string, [ConvertErrorCode, string]> = {
    encrypted: ['encrypted', '文档已加密，无法转换'],
    open: ['corrupt', '文档已损坏，无法打开'],
    empty: ['empty', '文档没有内容（0 页）'],
    pages: ['too_large', maxPagesMessage || `文档页数过多（上限 ${maxPages} 页）`],
    page1: ['corrupt', '文档已损坏，无法打开'],
    size: ['corrupt', '文档页面尺寸无效'],
    render1: ['corrupt', '文档首页无法渲染'],
    memory: ['too_large', '文档过大，转换时内存不足'],
  };
  const [code, message] = known[reason] ?? ['corrupt', '文档已损坏，无法转换'];
  return new ConvertError(code, message, reason === 'page1' ? `page 1: ${detail}` : detail);
}

/** MuPDF's own messages on stderr, as the worker collects them from MuPDF.js's log (50 at most). */
function engineWarnings(stderr: string): string[] {
  return (
    stderr
      .split('\n')
      .map((l) => l.replace(/^(warning|error): /, '').trim())
      // Debian's build says this on every start (it is built without lcms2); nothing about the document
      .filter((l) => l !== '' && !/ICC support is not available/.test(l))
      .slice(0, 50)
  );
}

/** At most `n` page reads (file read + gzip) at once, started in page order. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Renders one PDF/XPS with mutool; the result has the shape (and the semantics) of the worker's. */
export async function renderNative(mutool: NativeMutool, job: NativeJob): Promise<MupdfResult> {
  const out = await mkdtemp(join(job.workDir, 'mutool-'));
  const previewLimit = job.maxPreviewPages > 0 ? job.maxPreviewPages : Infinity;

  let pages = 0;
  let title: string | undefined;
  const texts: string[] = [];
  const rendered: RenderedPage[] = [];
  const warnings: string[] = [];
  let width = 0;
  let height = 0;
  const budget = new TextBudget(job.maxTextBytes);
  let renderedBytes = 0;
  let overBudget = false;
  let renderStopped = false;
  let coverReady = false;
  let ended = false;
  let scriptFailure: { reason: string; detail?: string } | undefined;
  // a failure on this side (onPage rejected, a page file unreadable): kills mutool, and is what the call throws
  let failure: unknown;
  const stop = new AbortController();
  const fail = (e: unknown) => {
    if (failure === undefined) failure = e;
    stop.abort(e);
  };
  const limit = limiter(4);
  // the marker after each page in text.txt; random, so no document can contain it
  const nonce = `wk${randomBytes(8).toString('hex')}`;

  // Text accounting (maxTextBytes) runs in page order. A page whose text came in its own file (onPage wants it with
  // the image) is counted at once; from the first page whose text is in text.txt on, counting waits for the end
  const raw: (string | undefined)[] = [];
  const loaded: boolean[] = [];
  let counted = 0;
  let deferring = false;
  const countTexts = (upTo: number) => {
    for (; counted < upTo; counted++) {
      let text = '';
      if (!loaded[counted]) {
        // not loaded: no text, nothing counted (as in the worker)
      } else if (budget.open) {
        const r = raw[counted];
        text = budget.take(r !== undefined ? cleanText(r) : '');
      }
      texts[counted] = text;
      raw[counted] = undefined;
    }
  };

  const read = async (rec: PageLine) => {
    const svgPath = rec.svg ? join(out, rec.svg) : undefined;
    const txtPath = rec.txt === 1 ? join(out, `t${rec.n}.txt`) : undefined;
    try {
      const wantSvg = svgPath && rec.n <= previewLimit && !overBudget;
      const [svg, text] = await Promise.all([
        wantSvg ? readFile(svgPath) : undefined,
        txtPath && budget.used < budget.max ? readFile(txtPath, 'utf8') : undefined,
      ]);
      return { svg: svg && (await prepareSvg(svg, job.gzip)), text };
    } finally {
      // the files are not needed any more: a long document never has them all on disk
      for (const p of [svgPath, txtPath]) if (p) void rm(p, { force: true });
    }
  };

  // in page order, like the worker: text accounting, the preview byte budget, onPage
  const finish = (rec: PageLine, got: { svg?: Buffer; text?: string }) => {
    const index = rec.n - 1;
    if (index !== loaded.length) throw new Error(`mutool page ${rec.n} out of order`);
    // a page that could not be loaded has no size: it takes page 1's, as in the worker
    const w = rec.b ? round(rec.b[2] - rec.b[0]) : width;
    const h = rec.b ? round(rec.b[3] - rec.b[1]) : height;
    if (index === 0) {
      width = w;
      height = h;
    }
    if (rec.warn) warnings.push(...rec.warn);
    loaded.push(!!rec.b);
    raw.push(got.text);
    if (rec.txt === 2) deferring = true;
    if (!deferring) countTexts(index + 1);

    if (!renderStopped && index < previewLimit && overBudget) {
      renderStopped = true;
      warnings.push(`preview stopped after ${rendered.length} pages: page images passed ${job.maxRenderedBytes} bytes`);
    }
    if (index >= previewLimit || renderStopped) return;
    // a page whose SVG failed is a blank page of its size (the script said why in rec.warn)
    const svg = got.svg ?? (job.gzip ? gzipSync(blankSvg(w, h)) : blankSvg(w, h));
    // the text of a deferred page is filled in at the end (there is no onPage then: see pageText)
    const entry: RenderedPage = { page: rec.n, svg, width: w, height: h, text: texts[index] ?? '' };
    rendered.push(entry);
    renderedBytes += svg.byteLength;
    if (renderedBytes > job.maxRenderedBytes && !overBudget) {
      overBudget = true;
      // tell the script to render no more previews; it looks for this file before each page
      void writeFile(join(out, 'stop'), '').catch(() => undefined);
    }
    job.onPage?.(entry);
  };

  // pages are finished in page order as their files are read: a queue, and a pump that takes the ready head
  type Queued = { rec: PageLine; got?: { svg?: Buffer; text?: string }; done: boolean };
  const queue: Queued[] = [];
  let head = 0;
  let reading = 0;
  let drained: (() => void) | undefined;
  const pump = () => {
    while (head < queue.length && queue[head].done && failure === undefined) {
      const item = queue[head];
      queue[head++] = undefined as unknown as Queued;
      try {
        finish(item.rec, item.got ?? {});
      } catch (e) {
        fail(e);
      }
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    }
    if (reading === 0 && drained) drained();
  };
  /** Waits for the page files still being read (after mutool has exited, or been killed). */
  const settle = () =>
    reading === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          drained = resolve;
        });

  /** text.txt: each page's text, then its marker "<nonce>p<n>e" */
  const readDocText = async () => {
    const all = await readFile(join(out, 'text.txt'), 'utf8').catch(() => '');
    let from = 0;
    for (let at = all.indexOf(nonce); at !== -1; at = all.indexOf(nonce, from)) {
      const m = /^p(\d+)e/.exec(all.slice(at + nonce.length, at + nonce.length + 12));
      if (!m) break;
      const index = Number(m[1]) - 1;
      if (index >= counted && index < raw.length) raw[index] = all.slice(from, at);
      from = at + nonce.length + m[0].length;
    }
  };

  const page = (rec: PageLine) => {
    // most pages of a long document have no file to read (their text is in text.txt): no promise for those
    const item: Queued = { rec, done: !rec.svg && rec.txt !== 1 };
    queue.push(item);
    if (item.done) return;
    reading++;
    limit(() => read(rec))
      .then((got) => {
        item.got = got;
        item.done = true;
      }, fail)
      .finally(() => {
        reading--;
        pump();
      });
  };

  const onLine = (line: string) => {
    let rec: ScriptLine;
    try {
      rec = JSON.parse(line) as ScriptLine;
    } catch {
      if (line.trim() !== '' && warnings.length < 50) warnings.push(`mutool: ${line.slice(0, 200)}`);
      return;
    }
    switch (rec.t) {
      case 'doc':
        pages = rec.pages;
        title = rec.title || undefined;
        break;
      case 'page':
        page(rec);
        pump();
        break;
      case 'pages':
        for (const p of rec.list) page(p);
        pump();
        break;
      case 'cover':
        coverReady = true;
        break;
      case 'end':
        ended = true;
        break;
      case 'error':
        scriptFailure = rec;
        break;
    }
  };

  try {
    let input = job.input;
    // mutool picks the XPS handler by the name; a PDF is opened by content (PDFDocument) whatever it is called
    if (job.kind === 'xps' && !/\.o?xps$/i.test(input)) {
      input = join(out, 'input.xps');
      await symlink(resolve(job.input), input);
    }
    // page text files only when onPage wants each page's text with its image; otherwise all text goes to text.txt
    const pageText = job.onPage ? '1' : '0';
    const args = ['run', SCRIPT, input, job.kind, out, String(job.maxPreviewPages), String(job.coverWidth), String(job.maxPages), pageText, nonce];
    let command = mutool.path;
    if (mutool.stdbuf) {
      args.unshift('-oL', command);
      command = mutool.stdbuf;
    }
    if (mutool.prlimit) {
      args.unshift(`--as=${job.memoryMb * 1024 * 1024}`, '--', command);
      command = mutool.prlimit;
    }
    const signal = job.signal ? AbortSignal.any([job.signal, stop.signal]) : stop.signal;
    let res;
    try {
      res = await runProcess(command, args, { timeoutMs: job.timeoutMs, signal, label: 'mutool', cwd: out, onStdoutLine: onLine });
    } catch (e) {
      if (failure !== undefined && !job.signal?.aborted) throw failure;
      throw e;
    }
    await settle();
    if (failure !== undefined) throw failure;
    if (scriptFailure) {
      const e = scriptFailure;
      // the script fails on its own, through this, for errors MuPDF throws; the detail carries MuPDF's reason
      throw scriptError(e.reason, e.detail, job.maxPages, job.maxPagesMessage);
    }
    if (!ended) {
      // died: the address-space cap (a failed allocation outside a page, a stack that could not grow) or a crash
      const tail = res.stderr.slice(-500);
      if (OOM.test(res.stderr) || (mutool.prlimit && res.signal === 'SIGSEGV')) {
        throw new ConvertError('too_large', '文档过大，转换时内存不足', `mutool ${res.signal ?? `exit ${res.code}`}: ${tail}`);
      }
      throw new ConvertError('corrupt', '文档转换失败', `mutool ${res.signal ?? `exit ${res.code}`}: ${tail}`);
    }
    if (!coverReady || pages === 0 || loaded.length !== pages) {
      throw new ConvertError('corrupt', '文档首页无法渲染', `mutool reported ${loaded.length} of ${pages} pages, cover ${coverReady}`);
    }
    if (counted < pages) {
      await readDocText();
      countTexts(pages);
      for (const p of rendered) p.text = texts[p.page - 1];
    }
    const cover = await readFile(join(out, 'cover.png'));
    return { pages, rendered, texts, textTruncated: budget.truncated, cover, width, height, title, warnings: [...warnings, ...engineWarnings(res.stderr)] };
  } finally {
    await settle();
    await rm(out, { recursive: true, force: true });
  }
}

/**
 * MuPDF starts at <svg; drop an XML prolog or doctype should a version add one. MuPDF 1.21 sizes the page in pt
 * (width="595pt"), MuPDF.js 1.28 in user units (width="595"): the same viewBox either way, but a page opened on its
 * own should not depend on the engine, so the unit goes — overwritten in place (`"595"  `), the page is not copied.
 * Gzip runs on the thread pool.
 */
async function prepareSvg(bytes: Buffer, gzip: boolean): Promise<Buffer> {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const at = Math.max(0, head.indexOf('<svg'));
  const end = head.indexOf('>', at);
  if (end > at) {
    for (const m of head.slice(at, end).matchAll(/ (?:width|height)="[\d.]+pt"/g)) bytes.write('"  ', at + m.index + m[0].length - 3, 'latin1');
  }
  const svg = at > 0 ? bytes.subarray(at) : bytes;
  return gzip ? gzipAsync(svg) : svg;
}
