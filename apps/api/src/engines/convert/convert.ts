import { mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildChmHtml, extractChm } from './chm.js';
import { mupdfJsVersion } from './detect.js';
import { ConvertError, abortError } from './errors.js';
import { officeInputExt, officeToPdf } from './libreoffice.js';
import { inspectOleFile } from './ole.js';
import { findExecutable, runProcess } from './process.js';
import { findNativeMutool, renderNative } from './native.js';
import { MupdfWorker, type MupdfJob, type MupdfResult, type RenderedPage } from './render.js';
import { EXTENSION_ROUTES, isExtCompatible, normalizeExt, sniffType, zipKindFromEntries, type SniffResult } from './sniff.js';
import { decodeText, parseDelimited, tableToHtmlParts, textToHtmlParts, type TextDocument } from './text.js';
import { DEFAULT_LIMITS, type ConvertLimits, type ConvertOptions, type ConvertResult, type ConvertedPage } from './types.js';
import { parseUmd } from './umd.js';
import { checkZipBomb, readZipEntry } from './zip.js';

const A4 = { width: 595, height: 842, em: 12 };

/** Text preparation runs on the caller's thread: give the event loop a turn between the heavier steps. */
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** MuPDF's document handlers, by extension. */
const MUPDF_MAGIC: Record<string, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  mobi: 'application/x-mobipocket-ebook',
  azw: 'application/x-mobipocket-ebook',
  azw3: 'application/x-mobipocket-ebook',
  fb2: 'application/x-fictionbook',
  cbz: 'application/x-cbz',
};

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const b = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(b, 0, bytes, 0);
    return b.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Sniffs a file on disk: the head's magic, then for zips the whole central directory (after the zip-bomb
 * check) and for OLE files the directory, which also reveals password protection.
 */
export async function sniffFile(path: string, size: number, limits: ConvertLimits): Promise<SniffResult & { encrypted?: boolean }> {
  const head = await readHead(path, 64 * 1024);
  const sniff = sniffType(head);
  if (sniff.kind === 'zip' || sniff.kind === 'epub') {
    const entries = await checkZipBomb(path, size, limits);
    if (!entries) return sniff;
    const mimetypeEntry = entries.find((e) => e.name === 'mimetype');
    const mimetype = mimetypeEntry ? (await readZipEntry(path, mimetypeEntry, 200))?.toString('latin1') : undefined;
    const full = zipKindFromEntries(
      entries.map((e) => e.name),
      mimetype,
      true,
    );
    let encrypted = false;
    if (full.subtype === 'odt' || full.subtype === 'ods' || full.subtype === 'odp' || full.subtype === 'odf') {
      const manifest = entries.find((e) => e.name === 'META-INF/manifest.xml');
      const xml = manifest ? (await readZipEntry(path, manifest))?.toString('utf8') : undefined;
      encrypted = !!xml && /encryption-data/.test(xml);
    }
    return { ...full, encrypted };
  }
  if (sniff.kind === 'ole') {
    const info = await inspectOleFile(path);
    if (!info) return sniff;
    return { kind: 'ole', subtype: info.app === 'unknown' ? undefined : info.app, encrypted: info.encrypted };
  }
  return sniff;
}

const buf = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

function toResult(r: MupdfResult, engine: string, title?: string): ConvertResult {
  return {
    pages: r.pages,
    rendered: r.rendered.map(toPage),
    texts: r.texts.map((text, i) => ({ page: i + 1, text })),
    textTruncated: r.textTruncated,
    cover: buf(r.cover),
    width: r.width,
    height: r.height,
    engine,
    title: title ?? r.title,
    outline: r.outline ?? [],
    warnings: r.warnings,
  };
}

const toPage = (p: RenderedPage): ConvertedPage => ({
  page: p.page,
  svg: buf(p.svg),
  width: p.width,
  height: p.height,
  text: p.text,
  layer: p.layer ?? { width: p.width, height: p.height, spans: [] },
});

/**
 * Runs one render (worker or native), handing each page to `onPage` in page order as it comes; then waits for
 * what onPage returned, so the first rejection fails the conversion.
 */
async function withPages(onPage: ConvertOptions['onPage'], render: (each?: (p: RenderedPage) => void) => Promise<MupdfResult>): Promise<MupdfResult> {
  const callbacks: Promise<void>[] = [];
  const each = onPage
    ? (p: RenderedPage) => {
        // marked handled at once (no unhandledRejection while the engine runs on); Promise.all below still fails
        const done = Promise.resolve().then(() => onPage(toPage(p)));
        done.catch(() => undefined);
        callbacks.push(done);
      }
    : undefined;
  const r = await render(each);
  await Promise.all(callbacks);
  return r;
}

/**
 * File in → pages out. Picks the engine by extension after checking that the bytes agree with it:
 * - pdf: native mutool when installed, else MuPDF.js; epub, mobi/azw/azw3, fb2, cbz: MuPDF.js (reflowable ones
 *   laid out on A4);
 * - xps/oxps: native mutool (the MuPDF.js build has no XPS support; should the script not run on this mutool:
 *   mutool convert → PDF → MuPDF.js);
 * - doc(x), rtf, wps, odt, dot, ppt(x), pps(x), dps, odp, pot, xls(x), et, ods: LibreOffice → PDF → native mutool
 *   or MuPDF.js;
 * - txt (encoding detected), csv/tsv (as a table, landscape when wide), umd (parsed here): HTML → MuPDF.js;
 * - chm: extract_chmLib/7z → pages joined in table-of-contents order → LibreOffice → PDF → native mutool or MuPDF.js.
 * "Native mutool" is one `mutool run` process per document (native.ts), a separate process with a time-out and an
 * address-space cap; MuPDF.js runs in a worker thread per call (time-out, heap limit, crash containment).
 * `tools.mutool = ''` forces MuPDF.js. Throws ConvertError.
 */
export async function convertDocument(input: string, ext: string, opts: ConvertOptions): Promise<ConvertResult> {
  const e = normalizeExt(ext);
  const route = EXTENSION_ROUTES[e];
  if (!route) throw new ConvertError('unsupported', `不支持的文档格式：.${e || '（无扩展名）'}`);
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const limits: ConvertLimits = { ...DEFAULT_LIMITS, ...opts.limits };

  let size: number;
  try {
    const s = await stat(input);
    if (!s.isFile()) throw new Error('not a file');
    size = s.size;
  } catch (err) {
    throw new ConvertError('corrupt', '文档文件不存在或无法读取', (err as Error).message);
  }
  if (size === 0) throw new ConvertError('empty', '文档是空文件（0 字节）');
  if (size > limits.maxInputBytes) throw new ConvertError('too_large', '文档过大，无法转换', `${size} bytes`);

  const sniff = await sniffFile(input, size, limits);
  if (sniff.kind === 'exe') throw new ConvertError('unsupported', '文件是可执行程序，不是文档', `sniffed ${sniff.subtype}`);
  if (!isExtCompatible(e, sniff)) {
    throw new ConvertError('unsupported', `文件内容与扩展名 .${e} 不符`, `sniffed ${sniff.kind}${sniff.subtype ? `/${sniff.subtype}` : ''}`);
  }
  if (sniff.encrypted) throw new ConvertError('encrypted', '文档已加密，无法转换');

  await mkdir(opts.workDir, { recursive: true });
  const mupdfV = await mupdfJsVersion();
  const jobBase = {
    maxPreviewPages: Math.max(0, Math.floor(opts.maxPreviewPages)),
    images: !opts.textOnly,
    gzip: opts.gzip,
    coverWidth: opts.coverWidth ?? 420,
    maxTextBytes: limits.maxTextBytes,
    maxPages: limits.maxPages,
    maxPagesMessage: limits.maxPagesMessage,
    maxRenderedBytes: limits.maxRenderedBytes,
  };
  const layout = opts.layout ?? A4;
  // a single PDF (or XPS) goes to native mutool when it is there; the worker is made only when needed
  const nativeRoute = route === 'xps' || route === 'office' || route === 'chm' || (route === 'mupdf' && e === 'pdf');
  const native = nativeRoute ? await findNativeMutool(opts.tools) : undefined;
  let worker: MupdfWorker | undefined;
  const mupdf = () => (worker ??= new MupdfWorker(limits.workerHeapMb));
  // a closure, not `worker?.terminate()` in the finally below: a branch there hides the switch's exhaustiveness from tsc
  const terminate = async () => worker?.terminate();
  // started now, so MuPDF's WASM start-up overlaps LibreOffice
  if (!native && (route === 'office' || route === 'chm')) mupdf();
  const run = (job: Pick<MupdfJob, 'inputs' | 'layout'>) =>
    withPages(opts.onPage, (onPage) => mupdf().run({ ...jobBase, ...job }, opts.timeoutMs, opts.signal, onPage));
  /** One PDF (XPS: native only) through native mutool, or else the worker. */
  const renderPdf = (path: string, kind: 'pdf' | 'xps' = 'pdf') =>
    native
      ? withPages(opts.onPage, (onPage) =>
          renderNative(native, {
            ...jobBase,
            input: path,
            kind,
            workDir: opts.workDir,
            // MuPDF.js may use its V8 heap plus up to 4 GiB of WASM memory; the native process gets a comparable cap
            memoryMb: Math.max(2048, limits.workerHeapMb * 4),
            timeoutMs: opts.timeoutMs,
            signal: opts.signal,
            onPage,
          }),
        )
      : run({ inputs: [{ path, magic: 'application/pdf' }], layout: null });
  const pdfEngine = () => (native ? `mutool ${native.version}` : `mupdf.js ${mupdfV}`);
  const office = (path: string, inputExt: string, extra: { infilter?: string; filter?: string; copyInput?: boolean } = {}) =>
    officeToPdf(path, inputExt, {
      workDir: opts.workDir,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      soffice: opts.tools?.soffice,
      reuseProfile: opts.reuseOfficeProfile ?? true,
      ...extra,
    });
  const readText = async () => {
    // decoding to a JavaScript string doubles the size: refuse what cannot be within maxTextChars before reading
    if (size > limits.maxTextChars * 4) throw new ConvertError('too_large', '文档正文过长，无法转换', `${size} bytes of text`);
    const buf = await readFile(input);
    await yieldLoop();
    const { text, encoding } = decodeText(buf);
    await yieldLoop();
    if (text.length > limits.maxTextChars) throw new ConvertError('too_large', '文档正文过长，无法转换', `${text.length} chars`);
    if (text.trim() === '') throw new ConvertError('empty', '文档没有文字内容');
    return { text, encoding };
  };
  const layoutHtml = async (parts: string[], pageLayout = layout) => {
    const inputs: { path: string; magic: string }[] = [];
    for (let i = 0; i < parts.length; i++) {
      const path = join(opts.workDir, `layout-${String(i).padStart(5, '0')}.html`);
      await writeFile(path, parts[i]);
      inputs.push({ path, magic: 'text/html' });
    }
    return run({ inputs, layout: pageLayout });
  };

  try {
    switch (route) {
      case 'mupdf': {
        if (e === 'pdf') return toResult(await renderPdf(input), pdfEngine());
        const r = await run({ inputs: [{ path: input, magic: MUPDF_MAGIC[e] ?? e }], layout });
        return toResult(r, `mupdf.js ${mupdfV}`);
      }
      case 'xps': {
        // native mutool reads XPS itself
        if (native) return toResult(await renderPdf(input, 'xps'), pdfEngine());
        // the MuPDF.js build has no XPS handler; mutool (same MuPDF, native) turns XPS into PDF in milliseconds
        const mutool = await findExecutable(opts.tools?.mutool ?? 'mutool');
        if (!mutool) throw new ConvertError('engine_missing', '服务器未安装 mutool（mupdf-tools），无法转换 XPS 文档', 'mutool not found');
        const pdf = join(opts.workDir, 'xps.pdf');
        const res = await runProcess(mutool, ['convert', '-F', 'pdf', '-o', pdf, input], {
          timeoutMs: opts.timeoutMs,
          signal: opts.signal,
          label: 'mutool',
          cwd: opts.workDir,
        });
        if (
          !(await stat(pdf)
            .then((s) => s.size > 0)
            .catch(() => false))
        ) {
          throw new ConvertError('corrupt', '文档已损坏，无法打开', `mutool exit ${res.code}: ${res.stderr.slice(-500)}`);
        }
        const r = await run({ inputs: [{ path: pdf, magic: 'application/pdf' }], layout: null });
        return toResult(r, `mutool + mupdf.js ${mupdfV}`);
      }
      case 'office': {
        const { pdf, version } = await office(input, officeInputExt(e, sniff));
        return toResult(await renderPdf(pdf), `libreoffice ${version} + ${pdfEngine()}`);
      }
      case 'text': {
        const { text, encoding } = await readText();
        const doc: TextDocument = { chapters: [{ text }] };
        const r = await layoutHtml(textToHtmlParts(doc));
        return toResult(r, `text(${encoding}) + mupdf.js ${mupdfV}`);
      }
      case 'csv': {
        const { text, encoding } = await readText();
        const rows = parseDelimited(text, e === 'tsv' ? '\t' : undefined).filter((row) => row.some((c) => c.trim() !== ''));
        if (rows.length === 0) throw new ConvertError('empty', '表格没有内容');
        await yieldLoop();
        const { parts, landscape, truncatedColumns } = tableToHtmlParts(rows);
        const r = await layoutHtml(parts, landscape ? { width: layout.height, height: layout.width, em: layout.em } : layout);
        if (truncatedColumns) r.warnings.unshift('table has more than 100 columns; the rest are not shown');
        return toResult(r, `csv(${encoding}) + mupdf.js ${mupdfV}`);
      }
      case 'umd': {
        const book = parseUmd(await readFile(input), limits.maxTextChars);
        if (book.text.trim() === '') throw new ConvertError('empty', '文档没有文字内容');
        const r = await layoutHtml(textToHtmlParts({ title: book.title, author: book.author, chapters: book.chapters }));
        return toResult(r, `umd + mupdf.js ${mupdfV}`, book.title);
      }
      case 'chm': {
        const root = join(opts.workDir, 'chm');
        const extractor = await extractChm(input, root, {
          tools: opts.tools,
          timeoutMs: opts.timeoutMs,
          signal: opts.signal,
          maxBytes: limits.maxUnzippedBytes,
        });
        const joined = await buildChmHtml(root, limits.maxTextChars * 2);
        const { pdf, version } = await office(joined.path, 'html', { infilter: 'HTML (StarWriter)', filter: 'pdf:writer_pdf_Export', copyInput: false });
        return toResult(await renderPdf(pdf), `${extractor} + libreoffice ${version} + ${pdfEngine()}`, joined.title);
      }
    }
  } finally {
    await terminate();
  }
}
