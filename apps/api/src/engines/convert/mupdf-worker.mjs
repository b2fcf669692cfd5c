// @ts-check
// MuPDF.js work for one document, run in a worker thread (see render.ts): open, count, render the preview pages
// to SVG, extract the text of every page, draw the cover. Plain ESM JavaScript on purpose: a worker thread does not
// inherit the TypeScript loader of vitest or tsx, and this file must run the same under both and under plain node.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import * as mupdf from 'mupdf';

/** @typedef {{ input: string, magic: string, layout?: { width: number, height: number, em: number } | null,
 *   maxPreviewPages: number, gzip: boolean, coverWidth: number, maxTextBytes: number, maxPages: number }} Job */

class JobError extends Error {
  /** @param {string} code @param {string} message @param {string} [detail] */
  constructor(code, message, detail) {
    super(message);
    this.code = code;
    this.detail = detail;
  }
}

/** @type {string[]} */
let warnings = [];
mupdf.setLog({
  error: (m) => { if (warnings.length < 50) warnings.push(String(m)); },
  warning: (m) => { if (warnings.length < 50) warnings.push(String(m)); },
});

/** @param {unknown} e */
const errText = (e) => (e instanceof Error ? e.message : String(e));

/** @param {string} text */
function cleanText(text) {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** @param {number} w @param {number} h */
const blankSvg = (w, h) =>
  `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"></svg>\n`;

/** @param {any} page @param {number[]} bounds @returns {Uint8Array} */
function pageToSvg(page, bounds) {
  const out = new mupdf.Buffer();
  try {
    const writer = new mupdf.DocumentWriter(out, 'svg', '');
    const device = writer.beginPage(/** @type {any} */ (bounds));
    page.run(device, mupdf.Matrix.identity);
    writer.endPage();
    writer.close();
    writer.destroy();
    let bytes = out.asUint8Array().slice();
    // MuPDF starts at <svg today; drop an XML prolog or doctype should a version add one
    const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
    const at = head.indexOf('<svg');
    if (at > 0) bytes = bytes.subarray(at);
    return bytes;
  } finally {
    out.destroy();
  }
}

const round = (/** @type {number} */ n) => Math.round(n * 100) / 100;

/** @param {Job} job */
function convert(job) {
  warnings = [];
  let data;
  try {
    data = readFileSync(job.input);
  } catch (e) {
    throw new JobError('corrupt', '文档读取失败', errText(e));
  }
  /** @type {any} */
  let doc;
  try {
    doc = mupdf.Document.openDocument(data, job.magic);
  } catch (e) {
    throw new JobError('corrupt', '文档已损坏，无法打开', errText(e));
  }
  data = undefined;
  if (doc.needsPassword()) throw new JobError('encrypted', '文档已加密，无法转换');
  // Document.isReflowable() in mupdf.js 1.28 returns nothing; layout() is a no-op for fixed-layout documents anyway
  if (job.layout) {
    try {
      doc.layout(job.layout.width, job.layout.height, job.layout.em);
    } catch (e) {
      warnings.push(`layout: ${errText(e)}`);
    }
  }
  let count;
  try {
    count = doc.countPages();
  } catch (e) {
    throw new JobError('corrupt', '文档已损坏，无法打开', errText(e));
  }
  if (!(count > 0)) throw new JobError('empty', '文档没有内容（0 页）');
  if (count > job.maxPages) throw new JobError('too_large', `文档页数过多（${count} 页，上限 ${job.maxPages} 页）`, `${count} pages`);

  let title;
  try {
    title = doc.getMetaData('info:Title') || undefined;
  } catch {
    /* no metadata */
  }
  const preview = job.maxPreviewPages > 0 ? Math.min(count, job.maxPreviewPages) : count;
  /** @type {{ page: number, svg: Uint8Array, width: number, height: number, text: string }[]} */
  const rendered = [];
  /** @type {string[]} */
  const texts = [];
  let textBytes = 0;
  let textTruncated = false;
  /** @type {Uint8Array | undefined} */
  let cover;
  let width = 0;
  let height = 0;
  const ownWarnings = [];

  for (let i = 0; i < count; i++) {
    /** @type {any} */
    let page;
    try {
      page = doc.loadPage(i);
    } catch (e) {
      if (i === 0) throw new JobError('corrupt', '文档已损坏，无法打开', `page 1: ${errText(e)}`);
      ownWarnings.push(`page ${i + 1}: ${errText(e)}`);
      texts.push('');
      if (i < preview) {
        const svg = Buffer.from(blankSvg(width, height));
        rendered.push({ page: i + 1, svg: job.gzip ? gzipSync(svg) : svg, width, height, text: '' });
      }
      continue;
    }
    try {
      const b = page.getBounds();
      const w = round(b[2] - b[0]);
      const h = round(b[3] - b[1]);
      if (i === 0) {
        width = w;
        height = h;
        if (!(w > 0 && h > 0)) throw new JobError('corrupt', '文档页面尺寸无效', `page 1 bounds ${b}`);
        // cover: coverWidth pixels wide, height capped at 4x for very tall pages
        const scale = Math.min(job.coverWidth / w, (job.coverWidth * 4) / h);
        try {
          const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
          cover = pix.asPNG().slice();
          pix.destroy();
        } catch (e) {
          throw new JobError('corrupt', '文档首页无法渲染', errText(e));
        }
      }

      let text = '';
      if (textBytes < job.maxTextBytes) {
        try {
          const st = page.toStructuredText('preserve-whitespace');
          text = cleanText(st.asText());
          st.destroy();
        } catch (e) {
          ownWarnings.push(`page ${i + 1} text: ${errText(e)}`);
        }
        const bytes = Buffer.byteLength(text);
        if (textBytes + bytes > job.maxTextBytes) {
          text = '';
          textTruncated = true;
          textBytes = job.maxTextBytes;
        } else {
          textBytes += bytes;
        }
      } else {
        textTruncated = true;
      }
      texts.push(text);

      if (i < preview) {
        /** @type {Uint8Array} */
        let svg;
        try {
          svg = pageToSvg(page, b);
        } catch (e) {
          if (i === 0) throw new JobError('corrupt', '文档首页无法渲染', errText(e));
          ownWarnings.push(`page ${i + 1} svg: ${errText(e)}`);
          svg = Buffer.from(blankSvg(w, h));
        }
        rendered.push({ page: i + 1, svg: job.gzip ? gzipSync(svg) : svg, width: w, height: h, text });
      }
    } finally {
      page.destroy();
    }
  }
  doc.destroy();
  if (!cover) throw new JobError('corrupt', '文档首页无法渲染');
  return { pages: count, rendered, texts, textTruncated, cover, width, height, title, warnings: [...ownWarnings, ...warnings] };
}

const port = parentPort;
if (!port) throw new Error('mupdf-worker must run in a worker thread');
port.on('message', (/** @type {Job} */ job) => {
  try {
    const result = convert(job);
    // transfer (not copy) the page images; a Buffer from Node's pool shares its ArrayBuffer, so copy those first
    /** @param {Uint8Array} u8 */
    const own = (u8) => (u8.byteOffset === 0 && u8.byteLength === u8.buffer.byteLength ? u8 : new Uint8Array(u8));
    for (const r of result.rendered) r.svg = own(r.svg);
    result.cover = own(result.cover);
    const transfer = [...result.rendered.map((r) => r.svg.buffer), result.cover.buffer];
    port.postMessage({ type: 'result', result }, /** @type {ArrayBuffer[]} */ ([...new Set(transfer)]));
  } catch (e) {
    const err = /** @type {any} */ (e);
    const oom = /memory|Cannot enlarge|allocation/i.test(errText(e));
    port.postMessage({
      type: 'error',
      code: err instanceof JobError ? err.code : oom ? 'too_large' : 'corrupt',
      message: err instanceof JobError ? err.message : oom ? '文档过大，转换时内存不足' : '文档已损坏，无法转换',
      detail: err instanceof JobError ? err.detail : errText(e),
    });
  }
});
port.postMessage({ type: 'ready', version: readMupdfVersion() });

function readMupdfVersion() {
  try {
    const pkg = new URL('../package.json', import.meta.resolve('mupdf'));
    return JSON.parse(readFileSync(pkg, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
