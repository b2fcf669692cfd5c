// @ts-check
// MuPDF.js page rendering for OCR, in a worker thread (see render.ts): opens one document, tells which pages carry
// images (and which of those have a page box no real page has), and renders a page to a grey PNG at the asked
// resolution, lowered for a page so large that the picture would pass the pixel cap. Plain JavaScript for the same reason as
// ../convert/mupdf-worker.mjs: a worker thread does not inherit the TypeScript loader of vitest or tsx.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as mupdf from 'mupdf';

mupdf.setLog({ error: () => undefined, warning: () => undefined });

/** @type {{ path: string, magic: string }} */
const { path, magic } = workerData;

/** PDF's own limit for a page side (ISO 32000: 14 400 units, 200 inches): anything larger is not a real page */
const MAX_SIDE_PT = 14400;

/** @param {any} page @returns {[number, number]} the page's width and height in points */
function size(page) {
  const [x0, y0, x1, y1] = page.getBounds();
  return [x1 - x0, y1 - y0];
}

/**
 * The zoom that renders a w × h pt page at `dpi`, lowered so that the picture has at most `maxPixels` pixels
 * (MuPDF rounds the pixel box outwards: one pixel more each way is counted).
 * @param {number} w @param {number} h @param {number} dpi @param {number} maxPixels
 */
function zoomFor(w, h, dpi, maxPixels) {
  let zoom = dpi / 72;
  if ((w * zoom + 1) * (h * zoom + 1) > maxPixels) {
    zoom = Math.sqrt(maxPixels / (w * h));
    while (zoom > 0 && (w * zoom + 1) * (h * zoom + 1) > maxPixels) zoom *= 0.99;
  }
  return zoom;
}
/** @type {any} */
let doc;

/** @param {any} page */
function hasImages(page) {
  let found = false;
  const st = page.toStructuredText('preserve-images');
  try {
    st.walk({
      onImageBlock() {
        found = true;
      },
    });
  } finally {
    st.destroy();
  }
  return found;
}

/** @param {unknown} e */
const errText = (e) => (e instanceof Error ? e.message : String(e));

parentPort?.on('message', (/** @type {{ id: number, type: string, pages?: number[], page?: number, dpi?: number, maxPixels?: number }} */ m) => {
  try {
    if (m.type === 'open') {
      doc = mupdf.Document.openDocument(readFileSync(path), magic);
      if (doc.needsPassword()) throw new Error('encrypted');
      parentPort?.postMessage({ id: m.id, pages: doc.countPages() });
    } else if (m.type === 'images') {
      /** @type {number[]} */
      const withImages = [];
      /** @type {{ page: number, width: number, height: number }[]} */
      const absurd = [];
      for (const n of m.pages ?? []) {
        const page = doc.loadPage(n - 1);
        try {
          if (!hasImages(page)) continue;
          withImages.push(n);
          const [w, h] = size(page);
          if (!(w > 0 && h > 0 && w <= MAX_SIDE_PT && h <= MAX_SIDE_PT)) absurd.push({ page: n, width: w, height: h });
        } finally {
          page.destroy();
        }
      }
      parentPort?.postMessage({ id: m.id, pages: withImages, absurd });
    } else if (m.type === 'render') {
      const page = doc.loadPage((m.page ?? 1) - 1);
      try {
        const [w, h] = size(page);
        const zoom = zoomFor(w, h, m.dpi ?? 300, m.maxPixels ?? Infinity);
        const pix = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceGray, false, true);
        const png = pix.asPNG();
        pix.destroy();
        const buf = new Uint8Array(png);
        parentPort?.postMessage({ id: m.id, png: buf, dpi: zoom * 72 }, [buf.buffer]);
      } finally {
        page.destroy();
      }
    }
  } catch (e) {
    parentPort?.postMessage({ id: m.id, error: errText(e) });
  }
});
