/**
 * The native render path (native mutool, `mutool run mutool-render.js`) against the MuPDF.js worker it replaces
 * for PDF, XPS and LibreOffice's output: the same documents through both (`tools: { mutool: '' }` forces the worker),
 * the same result semantics. Skipped where mupdf-tools is not installed (CI installs it).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConvertError, type ConvertOptions, type ConvertResult } from '../../src/engines/convert/index.js';
import { PHRASE, hasCommand, hasSoffice, makeDocx, makePdf, makeXps, writeFixture } from './fixtures.js';
import { allText, convert, expectCover, expectSvg, expectWellFormed, processesMentioning, tempRoot } from './helpers.js';

const tmp = tempRoot('native');
afterAll(() => tmp.cleanup());
const fixture = (name: string, data: Buffer | string) => writeFixture(tmp.fixtures, name, data);

const FALLBACK = { mutool: '' };
const NATIVE_ENGINE = /^mutool \d+\.\d+(\.\d+)?$/;

/** The same conversion through native mutool and through the MuPDF.js worker. */
async function both(input: string, ext: string, opts: Partial<ConvertOptions> = {}): Promise<[ConvertResult, ConvertResult]> {
  const native = await convert(input, ext, tmp.jobDir(), opts);
  const fallback = await convert(input, ext, tmp.jobDir(), { ...opts, tools: { ...opts.tools, ...FALLBACK } });
  return [native, fallback];
}

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

/** The root element of a page image: size attributes and viewBox. */
const svgRoot = (svg: Buffer, gzipped: boolean) => {
  const text = expectSvg(svg, gzipped);
  const tag = text.slice(0, text.indexOf('>') + 1);
  return {
    width: /\swidth="([^"]+)"/.exec(tag)?.[1],
    height: /\sheight="([^"]+)"/.exec(tag)?.[1],
    viewBox: /viewBox="([^"]+)"/.exec(tag)?.[1],
  };
};

/** A PDF with an info Title (Chinese, and a character outside the BMP). */
function titledPdf(title: string): Buffer {
  const doc = mupdf.Document.openDocument(makePdf({ pages: 2 }), 'application/pdf') as mupdf.PDFDocument;
  doc.setMetaData('info:Title', title);
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

/** Page 1 is ordinary; page 2 draws a 30000 × 30000 RGB image (2.7 GB decoded) from a tiny stream. */
function hugeImagePdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const image = doc.addRawStream(Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 30000,
    Height: 30000,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceRGB',
    Filter: 'FlateDecode',
  });
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, doc.addObject({ Font: { F1: font } }), 'BT /F1 20 Tf 72 700 Td (Page one) Tj ET'));
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, doc.addObject({ Font: { F1: font }, XObject: { Im: image } }), 'q 500 0 0 500 50 50 cm /Im Do Q'));
  const out = Buffer.from(doc.saveToBuffer('').asUint8Array());
  doc.destroy();
  return out;
}

describe.skipIf(!hasCommand('mutool'))('native mutool against the MuPDF.js worker', () => {
  let seven = '';
  beforeAll(() => {
    seven = fixture('seven.pdf', makePdf({ pages: 7 }));
  });

  it('takes the native path when mutool is installed, the worker when tools.mutool is empty', async () => {
    const [native, fallback] = await both(seven, 'pdf');
    expect(native.engine).toMatch(NATIVE_ENGINE);
    expect(fallback.engine).toMatch(/^mupdf\.js 1\.28/);
  });

  it('same pages, sizes, text, page images and cover (gzip on, 3 previews)', async () => {
    const [native, fallback] = await both(seven, 'pdf', { maxPreviewPages: 3, gzip: true });
    for (const r of [native, fallback]) expectWellFormed(r, { pages: 7, preview: 3, gzip: true });
    expect(native.pages).toBe(fallback.pages);
    expect([native.width, native.height]).toEqual([fallback.width, fallback.height]);
    expect(native.rendered.map((p) => [p.page, p.width, p.height])).toEqual(fallback.rendered.map((p) => [p.page, p.width, p.height]));
    for (let i = 1; i <= 7; i++) {
      expect(native.texts[i - 1]!.text).toContain(`Page ${i} of 7`);
      expect(native.texts[i - 1]!.text).toContain(`${PHRASE} ${i}`);
    }
    // this PDF's text comes out the same from MuPDF 1.21 and 1.28, cleaned the same way
    expect(native.texts).toEqual(fallback.texts);
    expect(native.textTruncated).toBe(false);
    native.rendered.forEach((p, i) => {
      // gzip round-trips to an SVG with the same root element (size in user units, same viewBox)
      expect(gunzipSync(p.svg).subarray(0, 4).toString()).toBe('<svg');
      expect(svgRoot(p.svg, true)).toEqual(svgRoot(fallback.rendered[i]!.svg, true));
      expect(p.text).toBe(native.texts[i]!.text);
    });
    expectCover(native.cover, 420);
    expect(native.cover.readUInt32BE(20)).toBe(fallback.cover.readUInt32BE(20)); // same cover height
    expect(native.warnings).toEqual([]);
  });

  it('page sizes of all kinds, rounded to 2 decimals; every page when maxPreviewPages is 0; plain SVG', async () => {
    const odd = fixture('odd.pdf', makePdf({ pages: 2, size: [612.5, 791.125] }));
    const land = fixture('land.pdf', makePdf({ pages: 3, size: [842, 595] }));
    for (const p of [odd, land]) {
      const [native, fallback] = await both(p, 'pdf', { maxPreviewPages: 0, gzip: false });
      expectWellFormed(native, { preview: 0 });
      expect(native.rendered).toHaveLength(native.pages);
      expect([native.width, native.height]).toEqual([fallback.width, fallback.height]);
      expect(native.rendered.map((r) => [r.width, r.height])).toEqual(fallback.rendered.map((r) => [r.width, r.height]));
      native.rendered.forEach((r, i) => {
        expect(r.svg.subarray(0, 4).toString()).toBe('<svg');
        expect(svgRoot(r.svg, false)).toEqual(svgRoot(fallback.rendered[i]!.svg, false));
      });
    }
    const [native] = await both(odd, 'pdf');
    expect([native.width, native.height]).toEqual([612.5, 791.13]);
  });

  it('Chinese text and a title outside the BMP', async () => {
    const title = '魔豆文库测试 Title 𠀀';
    const [native, fallback] = await both(fixture('titled.pdf', titledPdf(title)), 'pdf');
    expect(native.title).toBe(title);
    expect(fallback.title).toBe(title);
    expect(allText(native)).toContain(`${PHRASE} 2`);
  });

  it('the text is the same whether it comes page by page (onPage) or in one file', async () => {
    const pdf = fixture('forty.pdf', makePdf({ pages: 40, text: (i) => `${PHRASE}，第${i}页。\u00a0 ` }));
    const whole = await convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 5 });
    const seen: number[] = [];
    const paged = await convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 5, onPage: (p) => void seen.push(p.page) });
    expect(whole.engine).toMatch(NATIVE_ENGINE);
    expect(paged.texts).toEqual(whole.texts);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(whole.texts.every((t, i) => t.text.includes(`Page ${i + 1} of 40`))).toBe(true);
  });

  it('maxTextBytes cuts the same pages as the worker', async () => {
    const cap = fixture('cap.pdf', makePdf({ pages: 20 }));
    for (const onPage of [undefined, () => undefined]) {
      const [native, fallback] = await both(cap, 'pdf', { limits: { maxTextBytes: 300 }, onPage });
      expect(native.textTruncated).toBe(true);
      expect(fallback.textTruncated).toBe(true);
      expect(native.texts).toEqual(fallback.texts);
      expect(native.texts[19]!.text).toBe('');
      expect(Buffer.byteLength(allText(native))).toBeLessThanOrEqual(300 + 20);
    }
  });

  it('onPage: in page order, each page with its text, page 1 long before the end', async () => {
    const pdf = fixture('stream.pdf', makePdf({ pages: 300 }));
    const seen: number[] = [];
    let firstAt = 0;
    const t0 = performance.now();
    const r = await convert(pdf, 'pdf', tmp.jobDir(), {
      maxPreviewPages: 0,
      gzip: true,
      onPage: async (p) => {
        if (p.page === 1) firstAt = performance.now() - t0;
        expectSvg(p.svg, true);
        expect(p.text).toContain(`Page ${p.page} of 300`);
        seen.push(p.page);
      },
    });
    const total = performance.now() - t0;
    expect(r.engine).toMatch(NATIVE_ENGINE);
    expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(firstAt).toBeGreaterThan(0);
    expect(firstAt).toBeLessThan(total / 2);
  });

  it('a failing onPage fails the conversion', async () => {
    await expect(
      convert(seven, 'pdf', tmp.jobDir(), {
        onPage: async () => {
          throw new Error('storage down');
        },
      }),
    ).rejects.toThrow('storage down');
  });

  it('the page-image byte budget stops previews as in the worker', async () => {
    const [native, fallback] = await both(fixture('budget.pdf', makePdf({ pages: 10 })), 'pdf', { maxPreviewPages: 0, limits: { maxRenderedBytes: 1 } });
    expect(native.rendered).toHaveLength(fallback.rendered.length);
    expect(native.rendered).toHaveLength(1);
    expect(native.texts[9]!.text).toContain('Page 10 of 10');
    expect(native.warnings.join('\n')).toContain('preview stopped after 1 pages');
  });

  it('coverWidth', async () => {
    const [native, fallback] = await both(seven, 'pdf', { coverWidth: 210 });
    expectCover(native.cover, 210);
    expect(native.cover.readUInt32BE(20)).toBe(fallback.cover.readUInt32BE(20));
  });

  describe('failures: the same codes and messages', () => {
    const same = async (p: string, ext: string, opts: Partial<ConvertOptions> = {}) => {
      const native = await errorOf(convert(p, ext, tmp.jobDir(), opts));
      const fallback = await errorOf(convert(p, ext, tmp.jobDir(), { ...opts, tools: FALLBACK }));
      expect(native).toBeInstanceOf(ConvertError);
      expect(fallback).toBeInstanceOf(ConvertError);
      expect((native as ConvertError).code).toBe((fallback as ConvertError).code);
      expect(native!.message).toBe(fallback!.message);
      return native as ConvertError;
    };

    it('password-protected PDF', async () => {
      const pdf = fixture('locked.pdf', makePdf({ pages: 2, saveOptions: 'encrypt=aes-256,user-password=secret,owner-password=owner' }));
      const e = await same(pdf, 'pdf');
      expect(e.code).toBe('encrypted');
      expect(e.message).toBe('文档已加密，无法转换');
    });

    it('corrupt PDF: noise, and a PDF cut to 30 %', async () => {
      const noise = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 251));
      expect((await same(fixture('noise.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), noise])), 'pdf')).code).toBe('corrupt');
      const full = makePdf({ pages: 3 });
      expect((await same(fixture('cut.pdf', full.subarray(0, Math.floor(full.length * 0.3))), 'pdf')).code).toBe('corrupt');
    });

    it('too many pages', async () => {
      const e = await same(fixture('many.pdf', makePdf({ pages: 30 })), 'pdf', { limits: { maxPages: 20 } });
      expect(e.code).toBe('too_large');
      expect(e.message).toContain('20');
    });

    it('an owner-password-only PDF converts on both', async () => {
      const [native, fallback] = await both(fixture('owner.pdf', makePdf({ pages: 2, saveOptions: 'encrypt=aes-128,owner-password=owner-only' })), 'pdf');
      expect(native.texts).toEqual(fallback.texts);
    });
  });

  describe('limits', () => {
    let long = '';
    beforeAll(() => {
      long = fixture('long.pdf', makePdf({ pages: 1500 }));
    });

    it('the time-out kills mutool (the whole process group)', async () => {
      const job = tmp.jobDir();
      const e = await errorOf(convert(long, 'pdf', job, { maxPreviewPages: 0, timeoutMs: 60 }));
      expect(e).toBeInstanceOf(ConvertError);
      expect((e as ConvertError).code).toBe('timeout');
      expect(processesMentioning(job)).toEqual([]);
    });

    it('an abort kills mutool', async () => {
      const job = tmp.jobDir();
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 40);
      const e = await errorOf(convert(long, 'pdf', job, { maxPreviewPages: 0, signal: ac.signal }));
      expect(e?.name).toBe('AbortError');
      expect(processesMentioning(job)).toEqual([]);
    });

    it.skipIf(!hasCommand('prlimit'))('past the address-space cap: too_large', async () => {
      const e = await errorOf(convert(fixture('huge.pdf', hugeImagePdf()), 'pdf', tmp.jobDir(), { limits: { workerHeapMb: 256 } }));
      expect(e).toBeInstanceOf(ConvertError);
      expect((e as ConvertError).code).toBe('too_large');
      expect(e!.message).toBe('文档过大，转换时内存不足');
    });

    it('no page files are left behind', async () => {
      const job = tmp.jobDir();
      await convert(seven, 'pdf', job, { maxPreviewPages: 0, onPage: () => undefined });
      expect(readdirSync(job).filter((f) => f.startsWith('mutool-'))).toEqual([]);
    });
  });

  it('XPS is read natively', async () => {
    const { buf, hasText } = makeXps(3);
    const r = await convert(fixture('doc.xps', buf), 'xps', tmp.jobDir());
    expectWellFormed(r, { pages: 3, preview: 3 });
    expect(r.engine).toMatch(NATIVE_ENGINE);
    if (hasText) expect(r.texts[2]!.text).toContain('XPS page 3');
    // named otherwise, it still opens as XPS
    const renamed = join(tmp.fixtures, 'doc-xps.bin');
    writeFileSync(renamed, buf);
    expect((await convert(renamed, 'xps', tmp.jobDir())).pages).toBe(3);
  });

  it('a mutool whose `run` does not work is not used for rendering (the probe), but still converts XPS', async () => {
    // a stand-in for a MuPDF release whose scripting API the script does not fit: every other command is mutool's
    const fake = join(tmp.root, 'old-mutool');
    writeFileSync(fake, `#!/bin/sh\nif [ "$1" = run ]; then echo "TypeError: not a function" >&2; exit 1; fi\nexec mutool "$@"\n`, { mode: 0o755 });
    const pdf = await convert(seven, 'pdf', tmp.jobDir(), { tools: { mutool: fake } });
    expect(pdf.engine).toMatch(/^mupdf\.js 1\.28/);
    const xps = await convert(fixture('probe.xps', makeXps(2).buf), 'xps', tmp.jobDir(), { tools: { mutool: fake } });
    expect(xps.engine).toMatch(/^mutool \+ mupdf\.js/);
    expect(xps.pages).toBe(2);
  });

  it.skipIf(!hasSoffice())(
    'LibreOffice output goes through mutool too',
    async () => {
      const docx = fixture('report.docx', await makeDocx(3));
      const [native, fallback] = await both(docx, 'docx', { maxPreviewPages: 2, gzip: true });
      expect(native.engine).toMatch(/^libreoffice \d+\.\d+[\d.]* \+ mutool \d+\.\d+/);
      expect(fallback.engine).toMatch(/^libreoffice \d+\.\d+[\d.]* \+ mupdf\.js/);
      expect(native.pages).toBe(3);
      expect(native.pages).toBe(fallback.pages);
      expect([native.width, native.height]).toEqual([fallback.width, fallback.height]);
      for (const r of [native, fallback]) {
        expect(r.texts[0]!.text).toContain(PHRASE);
        expect(r.texts[2]!.text).toContain('Page 3');
      }
    },
    120_000,
  );
});
