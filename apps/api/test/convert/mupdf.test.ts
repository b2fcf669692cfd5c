/**
 * Formats MuPDF.js converts by itself (PDF, EPUB, MOBI, FB2, CBZ; XPS through mutool) and the ones laid out
 * as HTML (TXT in every encoding, CSV/TSV, UMD), plus the bad-input corpus that never reaches LibreOffice.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { ConvertError, detectEngines } from '../../src/engines/convert/index.js';
import { PHRASE, hasCommand, makeCbz, makeEpub, makeFb2, makeMobi, makeOdt, makePdf, makeUmd, makeXps, makeZipBombDocx, writeFixture } from './fixtures.js';
import { allText, convert, expectCover, expectSvg, expectWellFormed, tempRoot } from './helpers.js';

const tmp = tempRoot('mupdf');
afterAll(() => tmp.cleanup());
const fixture = (name: string, data: Buffer | string) => writeFixture(tmp.fixtures, name, data);

describe('PDF', () => {
  it('renders the preview pages, extracts text of every page, draws the cover', async () => {
    const pdf = fixture('seven.pdf', makePdf({ pages: 7 }));
    const r = await convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 3, gzip: true });
    expectWellFormed(r, { pages: 7, preview: 3, gzip: true });
    expect(r.width).toBe(595);
    expect(r.height).toBe(842);
    expect(r.engine).toMatch(/^(mutool \d+\.\d+|mupdf\.js 1\.28)/);
    for (let i = 1; i <= 7; i++) {
      expect(r.texts[i - 1]!.text).toContain(`Page ${i} of 7`);
      expect(r.texts[i - 1]!.text).toContain(`${PHRASE} ${i}`);
    }
    expect(r.textTruncated).toBe(false);
  });

  it('renders every page when maxPreviewPages is 0, plain SVG when gzip is off', async () => {
    const pdf = fixture('four.pdf', makePdf({ pages: 4, size: [842, 595] }));
    const r = await convert(pdf, 'PDF', tmp.jobDir(), { maxPreviewPages: 0, gzip: false });
    expectWellFormed(r, { pages: 4, preview: 0 });
    expect([r.width, r.height]).toEqual([842, 595]);
    const svg = expectSvg(r.rendered[3]!.svg, false);
    expect(svg).toContain('width="842"');
  });

  it('caps the extracted text and says so', async () => {
    const pdf = fixture('cap.pdf', makePdf({ pages: 20 }));
    const r = await convert(pdf, 'pdf', tmp.jobDir(), { limits: { maxTextBytes: 300 } });
    expect(r.textTruncated).toBe(true);
    expect(r.texts).toHaveLength(20);
    expect(r.texts[0]!.text).toContain(PHRASE);
    expect(r.texts[19]!.text).toBe('');
    expect(Buffer.byteLength(allText(r))).toBeLessThanOrEqual(300 + 20);
  });

  it('streams pages to onPage in order as they are ready, page 1 first', async () => {
    const pdf = fixture('stream.pdf', makePdf({ pages: 12 }));
    const seen: number[] = [];
    let firstAt = 0;
    const t0 = performance.now();
    const r = await convert(pdf, 'pdf', tmp.jobDir(), {
      maxPreviewPages: 10,
      gzip: true,
      onPage: async (p) => {
        if (p.page === 1) firstAt = performance.now() - t0;
        expectSvg(p.svg, true);
        seen.push(p.page);
      },
    });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.rendered.map((p) => p.page)).toEqual(seen);
    expect(firstAt).toBeGreaterThan(0);
  });

  it('a failing onPage fails the conversion', async () => {
    const pdf = fixture('stream2.pdf', makePdf({ pages: 3 }));
    await expect(
      convert(pdf, 'pdf', tmp.jobDir(), {
        onPage: async () => {
          throw new Error('storage down');
        },
      }),
    ).rejects.toThrow('storage down');
  });

  it('stops rendering previews past the page-image byte budget, still extracting all text', async () => {
    const pdf = fixture('budget.pdf', makePdf({ pages: 10 }));
    const r = await convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 0, limits: { maxRenderedBytes: 1 } });
    expect(r.pages).toBe(10);
    expect(r.rendered).toHaveLength(1);
    expect(r.texts[9]!.text).toContain('Page 10 of 10');
    expect(r.warnings.join('\n')).toContain('preview stopped after 1 pages');
  });

  it('a PDF with only an owner password (permissions) converts', async () => {
    const pdf = fixture('owner.pdf', makePdf({ pages: 2, saveOptions: 'encrypt=aes-128,owner-password=owner-only' }));
    const r = await convert(pdf, 'pdf', tmp.jobDir());
    expectWellFormed(r, { pages: 2, preview: 3 });
    expect(allText(r)).toContain(PHRASE);
  });

  it('a 2000-page PDF: preview only, text of all pages, within time and memory', async () => {
    const pdf = fixture('big.pdf', makePdf({ pages: 2000, text: (i) => `第${i}页 ${PHRASE}` }));
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const r = await convert(pdf, 'pdf', tmp.jobDir(), { maxPreviewPages: 5, gzip: true });
    const ms = performance.now() - t0;
    expectWellFormed(r, { pages: 2000, preview: 5, gzip: true });
    // the fixture's CJK font advances digits a full em; native mutool 1.21 reads those gaps as spaces (第2 0 0 0 页)
    expect(r.texts[1999]!.text.replace(/(\d) (?=\d|页)|(第) (?=\d)/g, '$1$2')).toContain(`第2000页 ${PHRASE}`);
    expect(r.texts[999]!.text).toContain('Page 1000 of 2000');
    expect(ms).toBeLessThan(45_000);
    // the worker (and its WASM heap) is gone; what stays in this process is the result
    expect(process.memoryUsage().rss - rss0).toBeLessThan(512 * 1024 * 1024);
  });
});

describe('e-books', () => {
  it('EPUB is laid out on A4 with Chinese text', async () => {
    const r = await convert(fixture('book.epub', makeEpub(3)), 'epub', tmp.jobDir(), { maxPreviewPages: 2 });
    expectWellFormed(r, { preview: 2 });
    expect(r.pages).toBeGreaterThanOrEqual(3);
    expect([r.width, r.height]).toEqual([595, 842]);
    expect(allText(r)).toContain(`${PHRASE}。第3章第30段`);
    expect(r.texts[0]!.text).toContain('第1章 Chapter 1');
  });

  it('EPUB honours a custom layout', async () => {
    const r = await convert(fixture('book2.epub', makeEpub(1)), 'epub', tmp.jobDir(), { layout: { width: 360, height: 640, em: 14 } });
    expect([r.width, r.height]).toEqual([360, 640]);
  });

  it('MOBI', async () => {
    const html = `<html><head><title>测试</title></head><body><h1>第一章</h1><p>${PHRASE}</p>${'<p>正文段落。</p>'.repeat(80)}<h1>第二章</h1><p>The end.</p></body></html>`;
    const r = await convert(fixture('book.mobi', makeMobi(html)), 'mobi', tmp.jobDir());
    expectWellFormed(r, { preview: 3 });
    expect(r.pages).toBeGreaterThanOrEqual(2);
    expect(allText(r)).toContain(PHRASE);
    expect(allText(r)).toContain('The end.');
  });

  it('FB2', async () => {
    const r = await convert(fixture('book.fb2', makeFb2(3)), 'fb2', tmp.jobDir());
    expectWellFormed(r, { preview: 3 });
    expect(allText(r)).toContain(`${PHRASE}。FB2 第3节第20段`);
  });

  it('CBZ: one page per image', async () => {
    const r = await convert(fixture('comic.cbz', makeCbz(4)), 'cbz', tmp.jobDir(), { maxPreviewPages: 0 });
    expectWellFormed(r, { pages: 4, preview: 0 });
    expect(r.rendered[0]!.width / r.rendered[0]!.height).toBeCloseTo(300 / 400, 2);
  });

  it.skipIf(!hasCommand('mutool'))('XPS (through mutool)', async () => {
    const { buf, hasText } = makeXps(3);
    const r = await convert(fixture('doc.xps', buf), 'xps', tmp.jobDir());
    expectWellFormed(r, { pages: 3, preview: 3 });
    // native mutool reads XPS; were its script not to run on this mutool: mutool convert → PDF → MuPDF.js
    expect(r.engine).toMatch(/^mutool( \+ mupdf\.js)? \d+\.\d+/);
    if (hasText) expect(r.texts[2]!.text).toContain('XPS page 3');
  });

  it('XPS without mutool is engine_missing', async () => {
    const p = fixture('doc2.xps', makeXps(1).buf);
    await expect(convert(p, 'xps', tmp.jobDir(), { tools: { mutool: '/nonexistent/mutool' } })).rejects.toMatchObject({ code: 'engine_missing' });
  });
});

describe('plain text', () => {
  const body = Array.from({ length: 120 }, (_, i) => `${i + 1}. ${PHRASE}，这是第${i + 1}行。`).join('\n');
  const cases: [string, Buffer, RegExp][] = [
    ['utf8', Buffer.from(body), /utf8/],
    ['utf8-bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]), /utf8/],
    ['gbk', iconv.encode(body, 'gbk'), /gb18030/],
    ['utf16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]), /utf16le/],
    ['utf16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(body, 'utf16le').swap16()]), /utf16be/],
    ['utf16le-nobom', Buffer.from(body, 'utf16le'), /utf16le/],
  ];
  for (const [name, buf, enc] of cases) {
    it(`TXT in ${name}`, async () => {
      const r = await convert(fixture(`${name}.txt`, buf), 'txt', tmp.jobDir(), { maxPreviewPages: 1 });
      expectWellFormed(r, { preview: 1 });
      expect(r.engine).toMatch(enc);
      expect(r.pages).toBeGreaterThanOrEqual(3);
      expect([r.width, r.height]).toEqual([595, 842]);
      const text = allText(r);
      expect(text).toContain(`1. ${PHRASE}，这是第1行。`);
      expect(text).toContain(`120. ${PHRASE}，这是第120行。`);
      expect(text).not.toContain('\ufffd');
    });
  }

  it('TXT in Big5', async () => {
    const r = await convert(fixture('big5.txt', iconv.encode('魔豆文庫是一個文檔分享系統。\n繁體中文測試。\n', 'big5')), 'txt', tmp.jobDir());
    expect(allText(r)).toContain('魔豆文庫是一個文檔分享系統');
  });

  it('a long novel is laid out in parts, still one page sequence', async () => {
    const chapter = (n: number) => `第${n}章\n` + `　　${PHRASE}，这是一个很长的段落，用于测试长文本的分段排版。\n`.repeat(400);
    const novel = Array.from({ length: 6 }, (_, i) => chapter(i + 1)).join('');
    const r = await convert(fixture('novel.txt', iconv.encode(novel, 'gb18030')), 'txt', tmp.jobDir(), { maxPreviewPages: 2 });
    expectWellFormed(r, { preview: 2 });
    expect(r.pages).toBeGreaterThanOrEqual(50);
    expect(r.texts.filter((t) => t.text.includes('第6章')).length).toBeGreaterThanOrEqual(1);
  });

  it('whitespace only is empty', async () => {
    await expect(convert(fixture('blank.txt', ' \n\n\t \n'), 'txt', tmp.jobDir())).rejects.toMatchObject({ code: 'empty' });
  });
});

describe('CSV and TSV', () => {
  it('a UTF-8 CSV (Excel BOM) becomes a table with Chinese text', async () => {
    const rows = [['序号', '名称', '说明'], ...Array.from({ length: 60 }, (_, i) => [String(i + 1), `${PHRASE}${i + 1}`, `"含逗号, 和""引号"""`])];
    const csv = '\ufeff' + rows.map((r) => r.join(',')).join('\r\n');
    const r = await convert(fixture('table.csv', csv), 'csv', tmp.jobDir());
    expectWellFormed(r, { preview: 3 });
    expect(r.width).toBeLessThan(r.height); // narrow: portrait
    const text = allText(r);
    expect(text).toContain(`${PHRASE}60`);
    expect(text).toContain('含逗号, 和"引号"');
  });

  it('a wide GBK CSV goes landscape', async () => {
    const header = Array.from({ length: 14 }, (_, i) => `字段${i + 1}`);
    const rows = [header, ...Array.from({ length: 20 }, (_, r) => header.map((_, c) => (c === 0 ? PHRASE : `值${r}-${c}`)))];
    const r = await convert(fixture('wide.csv', iconv.encode(rows.map((x) => x.join(',')).join('\n'), 'gbk')), 'csv', tmp.jobDir());
    expect(r.width).toBeGreaterThan(r.height);
    expect(allText(r)).toContain(PHRASE);
    expect(allText(r)).toContain('字段14');
  });

  it('TSV', async () => {
    const r = await convert(fixture('t.tsv', `名称\t数量\n${PHRASE}\t42\n`), 'tsv', tmp.jobDir());
    expect(allText(r)).toContain(PHRASE);
    expect(allText(r)).toContain('42');
  });
});

describe('UMD', () => {
  it('parses the book and lays it out with title, author and chapters', async () => {
    const umd = makeUmd({
      title: '测试小说',
      author: '作者甲',
      chapters: [
        { title: '第一章 开端', text: `${PHRASE}。\n第二段。` },
        { title: '第二章 发展', text: '很长的内容。'.repeat(6000) },
      ],
    });
    const r = await convert(fixture('novel.umd', umd), 'umd', tmp.jobDir());
    expectWellFormed(r, { preview: 3 });
    expect(r.title).toBe('测试小说');
    expect(r.texts[0]!.text).toContain('测试小说');
    expect(r.texts[0]!.text).toContain('作者甲');
    expect(allText(r)).toContain(PHRASE);
    // the second chapter starts on a page of its own
    const second = r.texts.find((t) => t.text.includes('第二章 发展'))!;
    expect(second.page).toBeGreaterThan(1);
    expect(second.text.startsWith('第二章 发展')).toBe(true);
  });
});

describe('bad input', () => {
  const expectError = async (p: Promise<unknown>, code: ConvertError['code']) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConvertError);
    expect((err as ConvertError).code).toBe(code);
    expect((err as ConvertError).message).toMatch(/[\u4e00-\u9fff]/); // a Chinese message for the uploader
    return err as ConvertError;
  };

  it('zero-byte file', async () => {
    const e = await expectError(convert(fixture('zero.pdf', ''), 'pdf', tmp.jobDir()), 'empty');
    expect(e.message).toContain('0 字节');
  });

  it('truncated PDF', async () => {
    const full = makePdf({ pages: 3 });
    await expectError(convert(fixture('trunc30.pdf', full.subarray(0, Math.floor(full.length * 0.3))), 'pdf', tmp.jobDir()), 'corrupt');
    // cut near the end, MuPDF repairs the cross-reference table and the pages come back
    const r = await convert(fixture('trunc90.pdf', full.subarray(0, Math.floor(full.length * 0.9))), 'pdf', tmp.jobDir());
    expect(r.pages).toBe(3);
  });

  it('corrupt PDF (a header and noise)', async () => {
    const noise = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 251));
    await expectError(convert(fixture('noise.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), noise])), 'pdf', tmp.jobDir()), 'corrupt');
  });

  it('password-protected PDF', async () => {
    const pdf = makePdf({ pages: 2, saveOptions: 'encrypt=aes-256,user-password=secret,owner-password=owner' });
    const e = await expectError(convert(fixture('locked.pdf', pdf), 'pdf', tmp.jobDir()), 'encrypted');
    expect(e.message).toBe('文档已加密，无法转换');
  });

  it('a password-protected ODT (manifest encryption-data) never reaches LibreOffice', async () => {
    const e = await expectError(
      convert(fixture('locked.odt', makeOdt(1, true)), 'odt', tmp.jobDir(), { tools: { soffice: '/nonexistent/soffice' } }),
      'encrypted',
    );
    expect(e.message).toBe('文档已加密，无法转换');
  });

  it('an executable renamed .pdf', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(60), Buffer.from('PE\0\0', 'latin1'), Buffer.alloc(4000, 0xcc)]);
    await expectError(convert(fixture('setup.pdf', exe), 'pdf', tmp.jobDir()), 'unsupported');
  });

  it('a PDF named .docx never reaches LibreOffice', async () => {
    const e = await expectError(
      convert(fixture('fake.docx', makePdf({ pages: 1 })), 'docx', tmp.jobDir(), { tools: { soffice: '/nonexistent/soffice' } }),
      'unsupported',
    );
    expect(e.message).toContain('.docx');
  });

  it('a zip bomb disguised as DOCX is refused before any engine runs', async () => {
    await expectError(
      convert(fixture('bomb.docx', makeZipBombDocx(600, 'honest')), 'docx', tmp.jobDir(), { tools: { soffice: '/nonexistent/soffice' } }),
      'too_large',
    );
    await expectError(
      convert(fixture('bomb-liar.docx', makeZipBombDocx(64, 'lie')), 'docx', tmp.jobDir(), { tools: { soffice: '/nonexistent/soffice' } }),
      'too_large',
    );
  });

  it('an unknown extension', async () => {
    await expectError(convert(fixture('x.exe', 'MZ'), 'exe', tmp.jobDir()), 'unsupported');
  });

  it('a missing file', async () => {
    await expectError(convert(join(tmp.root, 'nope.pdf'), 'pdf', tmp.jobDir()), 'corrupt');
  });

  it('too many pages', async () => {
    await expectError(convert(fixture('many.pdf', makePdf({ pages: 30 })), 'pdf', tmp.jobDir(), { limits: { maxPages: 20 } }), 'too_large');
  });

  it('the render (native mutool or the MuPDF worker) is killed at the time-out', async () => {
    const pdf = fixture('slow.pdf', makePdf({ pages: 200 }));
    // every page rendered: native mutool is fast enough to finish 200 pages of text alone in about 30 ms
    await expectError(convert(pdf, 'pdf', tmp.jobDir(), { timeoutMs: 30, maxPreviewPages: 0 }), 'timeout');
  });

  it('an abort signal stops the conversion', async () => {
    const pdf = fixture('abort.pdf', makePdf({ pages: 200 }));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    const err = await convert(pdf, 'pdf', tmp.jobDir(), { signal: ac.signal, maxPreviewPages: 0 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.name).toBe('AbortError');
  });

  it('an input file that is a directory, or too large by limit', async () => {
    writeFileSync(join(tmp.fixtures, 'big.txt'), 'x'.repeat(2000));
    await expectError(convert(join(tmp.fixtures, 'big.txt'), 'txt', tmp.jobDir(), { limits: { maxInputBytes: 1000 } }), 'too_large');
    await expectError(convert(tmp.fixtures, 'pdf', tmp.jobDir()), 'corrupt');
  });
});

describe('detectEngines', () => {
  it('reports MuPDF.js always, and what else is installed', async () => {
    const engines = await detectEngines();
    const byName = Object.fromEntries(engines.map((e) => [e.name, e]));
    expect(byName['mupdf.js']).toMatchObject({ installed: true, version: expect.stringMatching(/^1\.28\./) });
    expect(byName.soffice).toBeDefined();
    expect(byName.mutool).toBeDefined();
    expect(engines.some((e) => /chm|7z/i.test(e.name))).toBe(true);
    expect(byName.fonts).toBeDefined();
    if (byName.soffice!.installed) expect(byName.soffice!.version).toMatch(/^\d+\.\d+/);
    const missing = await detectEngines({ soffice: '/nonexistent/soffice' });
    expect(missing.find((e) => e.name === 'soffice')).toMatchObject({ installed: false });
  });
});

describe('cover', () => {
  it('honours coverWidth', async () => {
    const r = await convert(fixture('cover.pdf', makePdf({ pages: 1 })), 'pdf', tmp.jobDir(), { coverWidth: 210 });
    expectCover(r.cover, 210);
  });
});
