import type { LayerSpan, TextLayer } from '../convert/index.js';

/**
 * The text layer of a recognised page, from tesseract's TSV (native `tsv` output, tesseract.js `tsv: true`): one
 * span per word where tesseract found it, in the page image's coordinates (points from the page's top left). Words
 * of one line are joined by a space, except between Chinese characters (as cleanOcrText joins them in the text);
 * a line ends with a line break, a paragraph with a paragraph break.
 */

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

interface Word {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** block / paragraph / line keys */
  par: string;
  line: string;
}

/** The words (level 5 rows) of tesseract's TSV, in reading order. */
export function tsvWords(tsv: string): Word[] {
  const words: Word[] = [];
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = c
      .slice(11)
      .join('\t')
      .replace(/[\u0000\f\r]/g, '')
      .trim();
    if (!text) continue;
    const [, page, block, par, line] = c;
    const n = (i: number) => Number(c[i]) || 0;
    words.push({ text, left: n(6), top: n(7), width: n(8), height: n(9), par: `${page}.${block}.${par}`, line: `${page}.${block}.${par}.${line}` });
  }
  return words;
}

/**
 * `scale`: points per pixel of the recognised image (72 / dpi); `width`/`height`: the page's size in points.
 */
export function layerFromTsv(tsv: string, scale: number, width: number, height: number): TextLayer {
  const words = tsvWords(tsv);
  const r = (n: number) => Math.round(n * scale * 10) / 10;
  const spans: LayerSpan[] = words.map((w, i) => {
    const next = words[i + 1];
    const sameLine = next?.line === w.line;
    const joined = sameLine && CJK.test(w.text.at(-1) ?? '') && CJK.test(next.text[0]);
    const span: LayerSpan = { text: sameLine && !joined ? `${w.text} ` : w.text, x: r(w.left), y: r(w.top), w: r(w.width), h: r(w.height) };
    if (!sameLine) span.br = !next || next.par !== w.par ? 2 : 1;
    return span;
  });
  return { width: Math.round(width * 100) / 100, height: Math.round(height * 100) / 100, spans };
}

/** Width and height of a PNG, from its header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return png.length >= 24 ? { width: png.readUInt32BE(16), height: png.readUInt32BE(20) } : { width: 0, height: 0 };
}
