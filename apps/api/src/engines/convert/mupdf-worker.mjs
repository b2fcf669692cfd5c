// @ts-check
// MuPDF.js work for one document, run in a worker thread (see render.ts): open, count, render the preview pages
// to SVG, extract the text of every page, draw the cover. Plain ESM JavaScript on purpose: a worker thread does not
// inherit the TypeScript loader of vitest or tsx, and this file must run the same under both and under plain node.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { promisify } from 'node:util';
import { gzip as gzipCb, gzipSync } from 'node:zlib';

const gzipAsync = promisify(gzipCb);
import * as mupdf from 'mupdf';
import { TextBudget, cleanText } from './page-text.mjs';
import { flattenOutline, layerFromStext } from './text-layer.mjs';

/** @typedef {{ inputs: { path: string, magic: string }[], layout?: { width: number, height: number, em: number } | null,
 *   maxPreviewPages: number, images: boolean, gzip: boolean, coverWidth: number, maxTextBytes: number, maxPages: number, maxPagesMessage?: string,
 *   maxRenderedBytes: number }} Job */

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
  error: (m) => {
    if (warnings.length < 50) warnings.push(String(m));
  },
  warning: (m) => {
    if (warnings.length < 50) warnings.push(String(m));
  },
});

/** @param {unknown} e */
const errText = (e) => (e instanceof Error ? e.message : String(e));

/** @param {number} w @param {number} h */
const blankSvg = (w, h) => `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"></svg>\n`;

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

/**
 * The page (0-based) an outline entry points to and, for a destination with a position,
 * how far down the page.
 * @param {any} doc @param {any} item
 */
function outlineTarget(doc, item) {
  // a PDF's entries come with their page; an EPUB's name a chapter file, resolved here
  let page = typeof item.page === 'number' ? item.page : -1;
  if (page < 0 && item.uri) {
    try {
      page = Number(doc.resolveLink(item.uri));
    } catch {
      return undefined;
    }
  }
  if (!(page >= 0)) return undefined;
  /** @type {number | undefined} */
  let y;
  if (item.uri) {
    try {
      const dest = doc.resolveLinkDestination(item.uri);
      if (dest && Number.isFinite(dest.y)) y = dest.y;
    } catch {
      /* no position */
    }
  }
  return { page, y };
}

/** @param {string} path @param {string} magic @param {Job['layout']} layout */
function openPart(path, magic, layout) {
  let data;
  try {
    data = readFileSync(path);
  } catch (e) {
    throw new JobError('corrupt', '文档读取失败', errText(e));
  }
  /** @type {any} */
  let doc;
  try {
    doc = mupdf.Document.openDocument(data, magic);
  } catch (e) {
    throw new JobError('corrupt', '文档已损坏，无法打开', errText(e));
  }
  if (doc.needsPassword()) {
    doc.destroy();
    throw new JobError('encrypted', '文档已加密，无法转换');
  }
  // Document.isReflowable() in mupdf.js 1.28 returns nothing; layout() is a no-op for fixed-layout documents anyway
  if (layout) {
    try {
      doc.layout(layout.width, layout.height, layout.em);
    } catch (e) {
      warnings.push(`layout: ${errText(e)}`);
    }
  }
  let count;
  try {
    count = doc.countPages();
  } catch (e) {
    doc.destroy();
    throw new JobError('corrupt', '文档已损坏，无法打开', errText(e));
  }
  return { doc, count };
}

/**
 * A job is one document made of one or more parts, read one after the other with continuous page numbers.
 * Long text is laid out in parts because MuPDF's HTML engine walks the whole box tree for every page drawn, so
 * one huge HTML file costs O(pages²); parts of ~50 pages keep it linear. Parts are opened one at a time.
 * Gzip runs on libuv's thread pool while the next page renders; at most 8 compressions are in flight.
 * @param {Job} job
 */
async function convert(job) {
  warnings = [];
  /** @type {{ page: number, svg: Uint8Array, width: number, height: number, text: string, layer?: import('./text-layer.mjs').TextLayer }[]} */
  const rendered = [];
  /** @type {import('./text-layer.mjs').OutlineItem[]} */
  let outline = [];
  /** @type {string[]} */
  const texts = [];
  const budget = new TextBudget(job.maxTextBytes);
  /** @type {Uint8Array | undefined} */
  let cover;
  let width = 0;
  let height = 0;
  /** @type {string | undefined} */
  let title;
  /** @type {string[]} */
  const ownWarnings = [];
  const previewLimit = job.maxPreviewPages > 0 ? job.maxPreviewPages : Infinity;
  let index = 0; // pages done so far, over all parts
  let renderedBytes = 0;
  let renderStopped = false;
  /** @type {Promise<void>[]} */
  const compressing = [];
  let sent = 0; // pages of `rendered` already posted to the main thread

  for (let part = 0; part < job.inputs.length; part++) {
    const input = job.inputs[part];
    const { doc, count } = openPart(input.path, input.magic, job.layout);
    try {
      if (!(count > 0)) {
        if (job.inputs.length === 1) throw new JobError('empty', '文档没有内容（0 页）');
        continue;
      }
      if (index + count > job.maxPages) {
        throw new JobError('too_large', job.maxPagesMessage || `文档页数过多（上限 ${job.maxPages} 页）`, `${index + count} pages and counting`);
      }
      if (part === 0) {
        try {
          title = doc.getMetaData('info:Title') || undefined;
        } catch {
          /* no metadata */
        }
        // long text laid out in parts has no outline; a book or a PDF has one in its first (only) part
        if (job.inputs.length === 1) {
          try {
            outline = flattenOutline(doc.loadOutline(), (item) => outlineTarget(doc, item), count);
          } catch (e) {
            ownWarnings.push(`outline: ${errText(e)}`);
          }
        }
      }
      for (let i = 0; i < count; i++, index++) {
        const pageNo = index + 1;
        if (!renderStopped && index < previewLimit && renderedBytes > job.maxRenderedBytes) {
          renderStopped = true;
          ownWarnings.push(`preview stopped after ${rendered.length} pages: page images passed ${job.maxRenderedBytes} bytes`);
        }
        const inPreview = index < previewLimit && !renderStopped;
        /** @type {any} */
        let page;
        try {
          page = doc.loadPage(i);
        } catch (e) {
          if (index === 0) throw new JobError('corrupt', '文档已损坏，无法打开', `page 1: ${errText(e)}`);
          ownWarnings.push(`page ${pageNo}: ${errText(e)}`);
          texts.push('');
          if (inPreview) {
            const svg = Buffer.from(blankSvg(width, height));
            rendered.push({ page: pageNo, svg: job.gzip ? gzipSync(svg) : svg, width, height, text: '', layer: { width, height, spans: [] } });
          }
          continue;
        }
        try {
          const b = page.getBounds();
          const w = round(b[2] - b[0]);
          const h = round(b[3] - b[1]);
          if (index === 0) {
            width = w;
            height = h;
            if (!(w > 0 && h > 0)) throw new JobError('corrupt', '文档页面尺寸无效', `page 1 bounds ${b}`);
          }
          if (index === 0 && job.images) {
            // cover: coverWidth pixels wide (MuPDF rounds the pixel box outwards, hence the half pixel), height
            // capped at 4x for very tall pages
            const scale = Math.min((job.coverWidth - 0.5) / w, (job.coverWidth * 4) / h);
            try {
              const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
              cover = pix.asPNG().slice();
              pix.destroy();
            } catch (e) {
              throw new JobError('corrupt', '文档首页无法渲染', errText(e));
            }
          }

          // a preview page's structured text is read once, for its text and its layer (the words where drawn)
          let text = '';
          /** @type {import('./text-layer.mjs').TextLayer} */
          let layer = { width: w, height: h, spans: [] };
          const wantText = budget.open;
          if (wantText || inPreview) {
            try {
              const st = page.toStructuredText('preserve-whitespace');
              try {
                if (wantText) text = cleanText(st.asText());
                if (inPreview) layer = layerFromStext(JSON.parse(st.asJSON()), b).layer;
              } finally {
                st.destroy();
              }
            } catch (e) {
              ownWarnings.push(`page ${pageNo} text: ${errText(e)}`);
            }
          }
          if (wantText) text = budget.take(text);
          texts.push(text);

          if (inPreview) {
            /** @type {Uint8Array} */
            let svg;
            try {
              svg = job.images ? pageToSvg(page, b) : new Uint8Array(0);
            } catch (e) {
              if (index === 0) throw new JobError('corrupt', '文档首页无法渲染', errText(e));
              ownWarnings.push(`page ${pageNo} svg: ${errText(e)}`);
              svg = Buffer.from(blankSvg(w, h));
            }
            const entry = { page: pageNo, svg, width: w, height: h, text, layer };
            rendered.push(entry);
            if (job.gzip) {
              compressing.push(
                gzipAsync(svg).then((out) => {
                  entry.svg = out;
                  renderedBytes += out.byteLength;
                }),
              );
              // page 1 goes out at once (time to first image); then in batches
              if (compressing.length >= 8 || rendered.length === 1) {
                await Promise.all(compressing.splice(0));
                sent = sendPages(rendered, sent);
              }
            } else {
              renderedBytes += svg.byteLength;
              sent = sendPages(rendered, sent);
            }
          }
        } finally {
          page.destroy();
        }
      }
    } finally {
      doc.destroy();
    }
  }
  await Promise.all(compressing);
  if (index === 0) throw new JobError('empty', '文档没有内容（0 页）');
  if (!cover && job.images) throw new JobError('corrupt', '文档首页无法渲染');
  sendPages(rendered, sent);
  return {
    pages: index,
    texts,
    textTruncated: budget.truncated,
    cover: cover ?? new Uint8Array(0),
    width,
    height,
    title,
    outline,
    warnings: [...ownWarnings, ...warnings],
  };
}

const port = parentPort;
if (!port) throw new Error('mupdf-worker must run in a worker thread');

/**
 * Page images are transferred (not copied) as soon as they are ready. A Buffer from Node's pool shares its
 * ArrayBuffer with others, so such views are copied first.
 * @param {Uint8Array} u8
 */
const own = (u8) => (u8.byteOffset === 0 && u8.byteLength === u8.buffer.byteLength ? u8 : new Uint8Array(u8));

/** Posts rendered[from..] to the main thread and forgets their bytes here; returns the new count sent. */
function sendPages(
  /** @type {{ page: number, svg: Uint8Array, width: number, height: number, text: string, layer?: object }[]} */ rendered,
  /** @type {number} */ from,
) {
  for (let i = from; i < rendered.length; i++) {
    const page = rendered[i];
    const svg = own(page.svg);
    port?.postMessage({ type: 'page', page: { ...page, svg } }, [/** @type {ArrayBuffer} */ (svg.buffer)]);
    page.svg = new Uint8Array(0);
  }
  return rendered.length;
}

port.on('message', async (/** @type {Job} */ job) => {
  try {
    const result = await convert(job);
    result.cover = own(result.cover);
    port.postMessage({ type: 'result', result }, [/** @type {ArrayBuffer} */ (result.cover.buffer)]);
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
