/**
 * Text layers (issue 27): each rendered page's text where it is drawn, and the document's outline, from both render
 * paths. Every conversion test checks its pages' layers through `expectWellFormed` (helpers.ts: spans inside the page
 * box, their text the page's text modulo whitespace); this file checks what the layer says and where.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Document as DocxDocument, HeadingLevel, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import * as mupdf from 'mupdf';
import { layerFromStext, type ConvertResult, type TextLayer } from '../../src/engines/convert/index.js';
import { hasCommand, hasSoffice, makeEpub, makePdf, writeFixture } from './fixtures.js';
import { convert, expectWellFormed, tempRoot } from './helpers.js';

const tmp = tempRoot('layer');
afterAll(() => tmp.cleanup());
const fixture = (name: string, data: Buffer | string) => writeFixture(tmp.fixtures, name, data);
const native = hasCommand('mutool');
const engines = [{ name: 'MuPDF.js', tools: { mutool: '' } }, ...(native ? [{ name: 'native mutool', tools: undefined }] : [])];

const squash = (s: string) => s.replace(/\s+/g, '');
const layerText = (l: TextLayer) => l.spans.map((s) => s.text).join('');
/** the span holding `needle` */
const spanWith = (l: TextLayer, needle: string) => l.spans.find((s) => squash(s.text).includes(squash(needle)));

/** Three A4 pages of lines at known places, with bookmarks to pages 2 and 3 (one nested, at a height). */
function outlinedPdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin');
  const resources = doc.addObject({ Font: { F1: font } });
  for (let i = 1; i <= 3; i++) {
    // baseline 100 pt from the top, then one 400 pt from the top
    const ops = `BT /F1 20 Tf 72 742 Td (Heading ${i}) Tj ET\nBT /F1 12 Tf 72 442 Td (Body line of page ${i}) Tj ET`;
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, ops));
  }
  const it = doc.outlineIterator();
  const uri = (page: number, y: number) => doc.formatLinkURI({ type: 'XYZ', chapter: 0, page, x: 0, y, width: 0, height: 0, zoom: 0 });
  it.insert({ title: 'Chapter Two', uri: uri(1, 0), open: true });
  it.insert({ title: 'Chapter Three', uri: uri(2, 0), open: true });
  it.prev();
  it.prev();
  it.down();
  it.insert({ title: 'Section 2.1', uri: uri(1, 400), open: true });
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

describe('layerFromStext', () => {
  const line = (text: string, x: number, w: number, y = 100, size = 10, wmode = 0) => ({
    wmode,
    bbox: { x, y: y - size, w, h: size + 2 },
    font: { size },
    x,
    y,
    text,
  });

  it('puts font runs of one line back together, breaks lines at a wide gap, paragraphs after a block', () => {
    const page = {
      blocks: [
        { type: 'text', lines: [line('Debian', 50, 30), line(' 参考手册', 81, 40), line('v', 560, 5)] },
        { type: 'image' },
        { type: 'text', lines: [line('第二段', 50, 30, 130), line('接着一行', 50, 40, 142)] },
      ],
    };
    const { layer, text } = layerFromStext(page, [0, 0, 595, 842]);
    expect(text).toBe('Debian 参考手册\nv\n\n第二段\n接着一行\n\n');
    expect(layer.spans.map((s) => [s.text, s.br])).toEqual([
      ['Debian', undefined],
      [' 参考手册', 1],
      ['v', 2],
      ['第二段', 1],
      ['接着一行', 2],
    ]);
    expect(layer).toMatchObject({ width: 595, height: 842 });
  });

  it('places spans relative to the page box, marks vertical writing, leaves out empty runs', () => {
    const page = { blocks: [{ type: 'text', lines: [line('竖排', 110, 12, 220, 10, 1), line('', 130, 0, 220)] }] };
    const { layer } = layerFromStext(page, [10, 20, 305, 440]);
    expect(layer).toEqual({ width: 295, height: 420, spans: [{ text: '竖排', x: 100, y: 190, w: 12, h: 12, br: 2, v: 1 }] });
  });

  it('reads nothing from what is not stext', () => {
    expect(layerFromStext(null, [0, 0, 10, 10])).toEqual({ layer: { width: 10, height: 10, spans: [] }, text: '' });
    expect(layerFromStext({ blocks: [{ type: 'text', lines: [{ text: 5 }] }] }, [0, 0, 10, 10]).layer.spans).toEqual([]);
  });
});

describe.each(engines)('$name', ({ tools }) => {
  it('a PDF page: each line where it is drawn, in the page image coordinates', async () => {
    const r = await convert(fixture('outlined.pdf', outlinedPdf()), 'pdf', tmp.jobDir(), { maxPreviewPages: 3, tools });
    expectWellFormed(r, { pages: 3, preview: 3 });
    const layer = r.rendered[1]!.layer;
    const heading = spanWith(layer, 'Heading 2')!;
    const body = spanWith(layer, 'Body line of page 2')!;
    // 20 pt text on a baseline 100 pt from the top; 12 pt text on one 400 pt from the top
    expect(heading.y).toBeGreaterThanOrEqual(78);
    expect(heading.y + heading.h).toBeLessThanOrEqual(106);
    expect(heading.x).toBeCloseTo(72, -1);
    expect(body.y).toBeGreaterThanOrEqual(386);
    expect(body.y + body.h).toBeLessThanOrEqual(404);
    expect(body.w).toBeGreaterThan(80);
    expect(heading.br).toBe(2);
    expect(squash(layerText(layer))).toBe(squash(r.texts[1]!.text));
  });

  it('the outline: bookmarks flattened with their level, page and height', async () => {
    const r = await convert(fixture('outlined.pdf', outlinedPdf()), 'pdf', tmp.jobDir(), { maxPreviewPages: 1, tools });
    expect(r.outline.map(({ title, page, level }) => ({ title, page, level }))).toEqual([
      { title: 'Chapter Two', page: 2, level: 1 },
      { title: 'Section 2.1', page: 2, level: 2 },
      { title: 'Chapter Three', page: 3, level: 1 },
    ]);
    // a bookmark to a height keeps it (points from the page's top)
    expect(r.outline[1]!.y).toBeGreaterThan(300);
  });

  it('only rendered pages have layers; the text of every page is still extracted', async () => {
    const r = await convert(fixture('seven.pdf', makePdf({ pages: 7 })), 'pdf', tmp.jobDir(), { maxPreviewPages: 2, tools });
    expect(r.rendered.map((p) => p.layer.spans.length > 0)).toEqual([true, true]);
    expect(r.texts[6]!.text).toContain('Page 7 of 7');
  });

  it('text only (the backfill): the same layers, text and outline, no page images and no cover', async () => {
    const pdf = fixture('outlined.pdf', outlinedPdf());
    const [full, textOnly] = await Promise.all([
      convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 2, tools }),
      convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 2, tools, textOnly: true }),
    ]);
    expect(textOnly.rendered.map((p) => p.layer)).toEqual(full.rendered.map((p) => p.layer));
    expect(textOnly.texts).toEqual(full.texts);
    expect(textOnly.outline).toEqual(full.outline);
    expect(textOnly.rendered.map((p) => p.svg.byteLength)).toEqual([0, 0]);
    expect(textOnly.cover.byteLength).toBe(0);
  });

  it('a page whose text the byte budget dropped keeps its layer', async () => {
    const r = await convert(fixture('cap.pdf', makePdf({ pages: 6 })), 'pdf', tmp.jobDir(), { maxPreviewPages: 6, limits: { maxTextBytes: 200 }, tools });
    expect(r.textTruncated).toBe(true);
    const dropped = r.rendered.find((p) => p.text === '')!;
    expect(squash(layerText(dropped.layer))).toContain(`Page${dropped.page}of6`);
  });
});

it('both engines give the same layer for a PDF, within a point or two', async () => {
  if (!native) return;
  const pdf = fixture('same.pdf', makePdf({ pages: 2 }));
  const [a, b] = await Promise.all(engines.map((e) => convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 2, tools: e.tools })));
  const lines = (r: ConvertResult) => r.rendered[1]!.layer.spans;
  expect(squash(layerText(a!.rendered[1]!.layer))).toBe(squash(layerText(b!.rendered[1]!.layer)));
  const first = (r: ConvertResult) => lines(r).find((s) => /Page/.test(s.text))!;
  expect(Math.abs(first(a!).x - first(b!).x)).toBeLessThanOrEqual(2);
  expect(Math.abs(first(a!).y - first(b!).y)).toBeLessThanOrEqual(3);
});

it('an EPUB: layers of its laid-out pages and its table of contents', async () => {
  const r = await convert(fixture('book.epub', makeEpub(3)), 'epub', tmp.jobDir(), { maxPreviewPages: 4 });
  expectWellFormed(r, { preview: 4 });
  expect(r.rendered[0]!.layer.spans.length).toBeGreaterThan(5);
  expect(r.outline.map((o) => o.title)).toEqual(['第1章', '第2章', '第3章']);
  const pages = r.outline.map((o) => o.page);
  expect(pages[0]).toBe(1);
  expect(pages[1]!).toBeGreaterThan(pages[0]!);
  expect(pages[2]!).toBeGreaterThan(pages[1]!);
  // the chapter's heading is on the page its entry names
  expect(r.texts[pages[1]! - 1]!.text).toContain('第2章 Chapter 2');
});

describe.skipIf(!hasSoffice())('office', () => {
  it("a DOCX's headings become its outline (through LibreOffice's PDF bookmarks)", async () => {
    const children: Paragraph[] = [];
    for (let i = 1; i <= 3; i++) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, outlineLevel: 0, children: [new TextRun(`第${i}章 标题`)] }));
      children.push(new Paragraph({ children: [new TextRun(`这是第${i}章的正文，用于测试文字层。`)] }));
      if (i < 3) children.push(new Paragraph({ children: [new PageBreak()] }));
    }
    const docx = await Packer.toBuffer(new DocxDocument({ sections: [{ children }] }));
    const r = await convert(fixture('headings.docx', docx), 'docx', tmp.jobDir(), { maxPreviewPages: 3 });
    expectWellFormed(r, { pages: 3, preview: 3 });
    expect(r.outline.map((o) => [o.title, o.page])).toEqual([
      ['第1章 标题', 1],
      ['第2章 标题', 2],
      ['第3章 标题', 3],
    ]);
    expect(squash(layerText(r.rendered[2]!.layer))).toContain('这是第3章的正文');
  });
});
