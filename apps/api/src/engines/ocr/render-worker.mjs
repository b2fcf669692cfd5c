// @ts-check
// MuPDF.js page rendering for OCR, in a worker thread (see render.ts): opens one document, tells which pages carry
// images, and renders a page to a grey PNG at the asked resolution. Plain JavaScript for the same reason as
// ../convert/mupdf-worker.mjs: a worker thread does not inherit the TypeScript loader of vitest or tsx.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as mupdf from 'mupdf';

mupdf.setLog({ error: () => undefined, warning: () => undefined });

/** @type {{ path: string, magic: string }} */
const { path, magic } = workerData;
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

parentPort?.on('message', (/** @type {{ id: number, type: string, pages?: number[], page?: number, dpi?: number }} */ m) => {
  try {
    if (m.type === 'open') {
      doc = mupdf.Document.openDocument(readFileSync(path), magic);
      if (doc.needsPassword()) throw new Error('encrypted');
      parentPort?.postMessage({ id: m.id, pages: doc.countPages() });
    } else if (m.type === 'images') {
      /** @type {number[]} */
      const withImages = [];
      for (const n of m.pages ?? []) {
        const page = doc.loadPage(n - 1);
        try {
          if (hasImages(page)) withImages.push(n);
        } finally {
          page.destroy();
        }
      }
      parentPort?.postMessage({ id: m.id, pages: withImages });
    } else if (m.type === 'render') {
      const page = doc.loadPage((m.page ?? 1) - 1);
      try {
        const zoom = (m.dpi ?? 300) / 72;
        const pix = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceGray, false, true);
        const png = pix.asPNG();
        pix.destroy();
        const buf = new Uint8Array(png);
        parentPort?.postMessage({ id: m.id, png: buf }, [buf.buffer]);
      } finally {
        page.destroy();
      }
    }
  } catch (e) {
    parentPort?.postMessage({ id: m.id, error: errText(e) });
  }
});
