import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeText, detectEncoding, isExtCompatible, parseUmd, sniffType, SUPPORTED_EXTENSIONS } from '../../src/engines/convert/index.js';
import { inspectOleBuffer } from '../../src/engines/convert/ole.js';
import { parseDelimited, tableToHtmlParts, textToHtmlParts } from '../../src/engines/convert/text.js';
import { checkZipBomb, readZipDirectory, readZipEntry, zipHead } from '../../src/engines/convert/zip.js';
import {
  PHRASE,
  makeCbz,
  makeChm,
  makeDocx,
  makeEncryptedOoxml,
  makeEpub,
  makeMobi,
  makeOdp,
  makeOds,
  makeOdt,
  makePdf,
  makeRtf,
  makeUmd,
  makeXps,
  makeZipBombDocx,
  writeFixture,
  writeRawZip,
} from './fixtures.js';
import { tempRoot } from './helpers.js';

const tmp = tempRoot('sniff');
afterAll(() => tmp.cleanup());

const PE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(56), Buffer.from('PE\0\0', 'latin1'), Buffer.alloc(200, 0x90)]);
const ELF = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(120)]);

describe('sniffType', () => {
  it('tells formats by their bytes', async () => {
    expect(sniffType(makePdf({ pages: 1 }))).toEqual({ kind: 'pdf' });
    expect(sniffType(await makeDocx(1))).toEqual({ kind: 'zip', subtype: 'docx' });
    expect(sniffType(makeOdt(1))).toEqual({ kind: 'zip', subtype: 'odt' });
    expect(sniffType(makeOds(1))).toEqual({ kind: 'zip', subtype: 'ods' });
    expect(sniffType(makeOdp(1))).toEqual({ kind: 'zip', subtype: 'odp' });
    expect(sniffType(makeEpub(1))).toEqual({ kind: 'epub' });
    expect(sniffType(makeXps(1).buf)).toEqual({ kind: 'zip', subtype: 'xps' });
    expect(sniffType(makeCbz(2))).toEqual({ kind: 'zip', subtype: 'cbz' });
    expect(sniffType(makeRtf(1))).toEqual({ kind: 'rtf' });
    expect(sniffType(makeMobi('<p>x</p>'))).toEqual({ kind: 'mobi' });
    expect(sniffType(makeUmd({ title: 't', author: 'a', chapters: [{ title: 'c', text: 'x' }] }))).toEqual({ kind: 'umd' });
    expect(sniffType(makeChm([{ path: '/a.htm', data: Buffer.from('<p>a</p>') }]))).toEqual({ kind: 'chm' });
    expect(sniffType(makeEncryptedOoxml())).toEqual({ kind: 'ole', subtype: 'ooxml-encrypted' });
    expect(sniffType(PE)).toEqual({ kind: 'exe', subtype: 'pe' });
    expect(sniffType(ELF)).toEqual({ kind: 'exe', subtype: 'elf' });
    expect(sniffType(Buffer.from('hello, 世界\n'))).toEqual({ kind: 'text', subtype: 'plain' });
    expect(sniffType(Buffer.from('<!DOCTYPE html><html><body>x</body></html>'))).toEqual({ kind: 'text', subtype: 'html' });
    expect(sniffType(iconv.encode(`${PHRASE}\n`.repeat(20), 'gbk')).kind).toBe('text');
    expect(sniffType(Buffer.from(`${PHRASE} abc\n`.repeat(20), 'utf16le')).kind).toBe('text'); // UTF-16 without BOM
    expect(sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]))).toEqual({ kind: 'unknown' });
    expect(sniffType(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
  });

  it('reads OOXML subtypes from the head of a file too (local headers)', async () => {
    const docx = await makeDocx(1);
    // without the central directory at the end, the local headers still name word/...
    expect(sniffType(docx.subarray(0, Math.min(docx.length - 200, 8000))).kind).toBe('zip');
    // ODF and EPUB: the stored mimetype entry comes first, so the head alone tells them
    const odt = makeOdt(1);
    expect(zipHead(odt.subarray(0, 200))).toMatchObject({ complete: false, mimetype: 'application/vnd.oasis.opendocument.text' });
    expect(sniffType(odt.subarray(0, 200))).toEqual({ kind: 'zip', subtype: 'odt' });
    expect(sniffType(makeEpub(1).subarray(0, 120))).toEqual({ kind: 'epub' });
  });

  it('walks past entries whose sizes follow their data (streamed zips) in the head', () => {
    // a zip written as a stream: every entry's sizes are in a data descriptor after its data
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, data) => {
      if (err) throw err;
      chunks.push(data);
    });
    for (const [name, text] of [
      ['[Content_Types].xml', '<Types/>'.repeat(200)],
      ['word/document.xml', `<w:document>${PHRASE}</w:document>`.repeat(50)],
    ] as const) {
      const f = new ZipDeflate(name, { level: 6 });
      zip.add(f);
      f.push(strToU8(text), true);
    }
    zip.end();
    const whole = Buffer.concat(chunks);
    expect(whole.readUInt16LE(6) & 0x8).toBe(0x8); // bit 3: sizes in a data descriptor
    const cd = whole.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), whole.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])));
    const head = whole.subarray(0, whole.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    expect(cd).toBeGreaterThan(0);
    expect(zipHead(head)).toEqual({ names: ['[Content_Types].xml', 'word/document.xml'], mimetype: undefined, complete: false });
    expect(sniffType(head)).toEqual({ kind: 'zip', subtype: 'docx' });
    expect(zipHead(whole)).toMatchObject({ names: ['[Content_Types].xml', 'word/document.xml'], complete: true });
  });

  it('a false end-of-directory record inside compressed bytes is not taken for a directory', () => {
    // the head of a zip, followed by bytes that happen to hold an end record claiming 65535 entries
    const odt = makeOdt(1);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(0xffff, 8);
    eocd.writeUInt16LE(0xffff, 10);
    eocd.writeUInt32LE(0x7fffffff, 12);
    eocd.writeUInt32LE(0x7fffffff, 16);
    const head = Buffer.concat([odt.subarray(0, 300), eocd]);
    // answers at once instead of walking the 64 Ki entries the record claims (a walk would hang the test)
    expect(zipHead(head)).toMatchObject({ complete: false, mimetype: 'application/vnd.oasis.opendocument.text' });
  });

  it('lists an OLE directory and spots encrypted OOXML', async () => {
    const info = await inspectOleBuffer(makeEncryptedOoxml());
    expect(info).toMatchObject({ app: 'ooxml-encrypted', encrypted: true });
    expect(info!.streams).toEqual(expect.arrayContaining(['Root Entry', 'EncryptionInfo', 'EncryptedPackage']));
  });
});

describe('isExtCompatible', () => {
  it('refuses disguises', () => {
    expect(isExtCompatible('pdf', sniffType(PE))).toBe(false); // a renamed .exe
    expect(isExtCompatible('docx', sniffType(ELF))).toBe(false);
    expect(isExtCompatible('docx', sniffType(makePdf({ pages: 1 })))).toBe(false); // a PDF named .docx
    expect(isExtCompatible('pdf', { kind: 'zip', subtype: 'docx' })).toBe(false);
    expect(isExtCompatible('txt', { kind: 'pdf' })).toBe(false);
    expect(isExtCompatible('xlsx', { kind: 'zip', subtype: 'docx' })).toBe(false);
    expect(isExtCompatible('pptx', { kind: 'ole', subtype: 'doc' })).toBe(false);
    expect(isExtCompatible('epub', { kind: 'zip', subtype: 'docx' })).toBe(false);
    expect(isExtCompatible('exe', { kind: 'exe' })).toBe(false);
  });

  it('accepts what real files look like', () => {
    expect(isExtCompatible('PDF', { kind: 'pdf' })).toBe(true);
    expect(isExtCompatible('.docx', { kind: 'zip', subtype: 'docx' })).toBe(true);
    expect(isExtCompatible('docx', { kind: 'ole', subtype: 'ooxml-encrypted' })).toBe(true); // then refused as encrypted
    expect(isExtCompatible('doc', { kind: 'zip', subtype: 'docx' })).toBe(true); // docx saved as .doc
    expect(isExtCompatible('doc', { kind: 'rtf' })).toBe(true); // RTF saved as .doc
    expect(isExtCompatible('doc', { kind: 'text', subtype: 'html' })).toBe(true); // "Word" export of a web page
    expect(isExtCompatible('wps', { kind: 'ole', subtype: 'doc' })).toBe(true);
    expect(isExtCompatible('et', { kind: 'ole', subtype: 'xls' })).toBe(true);
    expect(isExtCompatible('dps', { kind: 'ole', subtype: 'ppt' })).toBe(true);
    expect(isExtCompatible('xls', { kind: 'text', subtype: 'html' })).toBe(true); // HTML table saved as .xls
    expect(isExtCompatible('txt', { kind: 'text', subtype: 'plain' })).toBe(true);
    expect(isExtCompatible('csv', { kind: 'text', subtype: 'plain' })).toBe(true);
    expect(isExtCompatible('umd', { kind: 'umd' })).toBe(true);
    expect(isExtCompatible('chm', { kind: 'chm' })).toBe(true);
    expect(isExtCompatible('mobi', { kind: 'mobi' })).toBe(true);
    expect(isExtCompatible('fb2', { kind: 'text', subtype: 'fb2' })).toBe(true);
    expect(isExtCompatible('cbz', { kind: 'zip', subtype: 'cbz' })).toBe(true);
    expect(isExtCompatible('xps', { kind: 'zip', subtype: 'xps' })).toBe(true);
  });

  it('covers every supported extension', () => {
    const samples = [
      { kind: 'pdf' },
      { kind: 'zip', subtype: 'docx' },
      { kind: 'zip', subtype: 'xlsx' },
      { kind: 'zip', subtype: 'pptx' },
      { kind: 'ole', subtype: 'doc' },
      { kind: 'ole', subtype: 'xls' },
      { kind: 'ole', subtype: 'ppt' },
      { kind: 'rtf' },
      { kind: 'text', subtype: 'plain' },
      { kind: 'text', subtype: 'fb2' },
      { kind: 'umd' },
      { kind: 'chm' },
      { kind: 'epub' },
      { kind: 'mobi' },
      { kind: 'zip', subtype: 'xps' },
      { kind: 'zip', subtype: 'cbz' },
    ] as const;
    for (const ext of SUPPORTED_EXTENSIONS) {
      expect(
        samples.some((s) => isExtCompatible(ext, s)),
        ext,
      ).toBe(true);
    }
  });
});

describe('text encodings', () => {
  const cases: [string, Buffer, string][] = [
    ['utf8', Buffer.from(`${PHRASE}\nline 2\n`), 'utf8'],
    ['utf8 BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${PHRASE}\n`)]), 'utf8'],
    ['utf16le BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${PHRASE}\n`, 'utf16le')]), 'utf16le'],
    ['utf16be BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(`${PHRASE}\n`, 'utf16le').swap16()]), 'utf16be'],
    ['utf16le no BOM', Buffer.from(`${PHRASE}，第二句话。\n`.repeat(5), 'utf16le'), 'utf16le'],
    ['gbk', iconv.encode(`${PHRASE}\n`, 'gbk'), 'gb18030'],
    ['gb18030', iconv.encode(`${PHRASE}，一段较长的简体中文内容。\n`.repeat(3), 'gb18030'), 'gb18030'],
    ['big5', iconv.encode('魔豆文庫是一個文檔分享系統，繁體中文內容。\n', 'big5'), 'big5'],
  ];
  for (const [name, buf, enc] of cases) {
    it(`detects ${name}`, () => {
      expect(detectEncoding(buf)).toBe(enc);
      const { text } = decodeText(buf);
      expect(text.charCodeAt(0)).not.toBe(0xfeff);
      expect(text).toMatch(/魔豆文[库庫]是一[个個]文[档檔]分享系[统統]/);
    });
  }

  it('normalizes line ends', () => {
    expect(decodeText(Buffer.from('a\r\nb\rc\n')).text).toBe('a\nb\nc\n');
  });
});

describe('CSV and text layout', () => {
  it('parses quoted fields, embedded delimiters and newlines', () => {
    expect(parseDelimited('a,b,c\n"x, y","he said ""hi""","multi\nline"\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'he said "hi"', 'multi\nline'],
    ]);
    expect(parseDelimited('a;b;c\n1;2;3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]); // European Excel
    expect(parseDelimited('a\tb\n1\t2', '\t')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseDelimited('a,b,\n,,x', ',')).toEqual([
      ['a', 'b', ''],
      ['', '', 'x'],
    ]);
    expect(parseDelimited('"q"tail,2\n"open', ',')).toEqual([['qtail', '2'], ['open']]);
  });

  it('escapes cell content and goes landscape when wide', () => {
    const narrow = tableToHtmlParts([
      ['名称', '数量'],
      ['<script>alert(1)</script>', '1'],
    ]);
    expect(narrow.landscape).toBe(false);
    expect(narrow.parts.join('')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(narrow.parts.join('')).not.toContain('<script>');
    const wide = tableToHtmlParts([Array.from({ length: 12 }, (_, i) => `列${i}`)]);
    expect(wide.landscape).toBe(true);
  });

  it('splits long text into parts at line ends and starts titled chapters on a new part', () => {
    const parts = textToHtmlParts(
      {
        title: '书名',
        chapters: [
          { title: '第一章', text: 'x'.repeat(50) + '\n' + 'y'.repeat(50) },
          { title: '第二章', text: 'z' },
        ],
      },
      11,
      40,
    );
    expect(parts).toHaveLength(3);
    expect(parts[0]).toContain('<h1>书名</h1>');
    expect(parts[0]).toContain('<h2>第一章</h2>'); // the first chapter shares the title's page
    expect(parts[1]).toContain('y'.repeat(50));
    expect(parts[2]).toContain('<h2>第二章</h2>');
    expect(textToHtmlParts({ chapters: [{ text: '<b>&' }] })[0]).toContain('<p>&lt;b&gt;&amp;</p>');
  });
});

describe('UMD parser', () => {
  it('reads title, author, chapters and zlib content blocks', () => {
    const long = '很长的正文。'.repeat(8000); // spans several 32 KiB blocks
    const book = parseUmd(
      makeUmd({
        title: '测试小说',
        author: '作者甲',
        chapters: [
          { title: '第一章', text: PHRASE },
          { title: '第二章', text: long },
        ],
      }),
    );
    expect(book.kind).toBe('text');
    expect(book.title).toBe('测试小说');
    expect(book.author).toBe('作者甲');
    expect(book.chapters.map((c) => c.title)).toEqual(['第一章', '第二章']);
    expect(book.chapters[0]!.text).toContain(PHRASE);
    expect(book.chapters[1]!.text).toContain(long);
    expect(book.text).not.toContain('\u2029');
  });

  it('refuses a broken file cleanly', () => {
    const good = makeUmd({ title: 't', author: 'a', chapters: [{ title: 'c', text: PHRASE }] });
    expect(() => parseUmd(Buffer.from('not a umd'))).toThrow(expect.objectContaining({ code: 'corrupt' }));
    const cut = good.subarray(0, 60);
    expect(() => parseUmd(cut)).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });
});

describe('zip bomb check', () => {
  it('passes a normal docx and refuses bombs quickly', async () => {
    const ok = writeFixture(tmp.fixtures, 'ok.docx', await makeDocx(2));
    await expect(checkZipBomb(ok, (await makeDocx(2)).length, { maxUnzippedBytes: 500 << 20, maxZipRatio: 200 })).resolves.toBeDefined();

    const honest = makeZipBombDocx(600, 'honest'); // 600 MiB of zeros in ~0.6 MB
    const p1 = join(tmp.fixtures, 'bomb1.docx');
    writeFileSync(p1, honest);
    await expect(checkZipBomb(p1, honest.length, { maxUnzippedBytes: 500 << 20, maxZipRatio: 200 })).rejects.toMatchObject({ code: 'too_large' });
    const ratio = makeZipBombDocx(50, 'honest'); // 50 MiB: under the size cap, but a ratio of ~1000
    const p2 = join(tmp.fixtures, 'bomb2.docx');
    writeFileSync(p2, ratio);
    await expect(checkZipBomb(p2, ratio.length, { maxUnzippedBytes: 500 << 20, maxZipRatio: 200 })).rejects.toMatchObject({ code: 'too_large' });
    const liar = makeZipBombDocx(64, 'lie'); // directory claims 4 KiB
    const p3 = join(tmp.fixtures, 'bomb3.docx');
    writeFileSync(p3, liar);
    await expect(checkZipBomb(p3, liar.length, { maxUnzippedBytes: 500 << 20, maxZipRatio: 200 })).rejects.toMatchObject({ code: 'too_large' });
  });

  const limits = { maxUnzippedBytes: 500 << 20, maxZipRatio: 200 };
  const entry = (name: string, text = 'x') => {
    const data = Buffer.from(text);
    return { name, data, method: 0 as const, crc: crc32(data), size: data.length };
  };

  it('refuses a directory announcing more than 200 000 entries before reading them', async () => {
    // a zip64 end record (entry counts are 64-bit there) claiming 300 000 entries
    const small = writeRawZip([entry('a.txt')]);
    const cdEnd = small.length - 22;
    const cdSize = small.readUInt32LE(cdEnd + 12);
    const cdOffset = small.readUInt32LE(cdEnd + 16);
    const z64 = Buffer.alloc(56);
    z64.writeUInt32LE(0x06064b50, 0);
    z64.writeBigUInt64LE(44n, 4);
    z64.writeUInt16LE(45, 12);
    z64.writeUInt16LE(45, 14);
    z64.writeBigUInt64LE(300_000n, 24);
    z64.writeBigUInt64LE(300_000n, 32);
    z64.writeBigUInt64LE(BigInt(cdSize), 40);
    z64.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdEnd), 8);
    locator.writeUInt32LE(1, 16);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(0xffff, 8);
    eocd.writeUInt16LE(0xffff, 10);
    eocd.writeUInt32LE(0xffffffff, 12);
    eocd.writeUInt32LE(0xffffffff, 16);
    const many = Buffer.concat([small.subarray(0, cdEnd), z64, locator, eocd]);
    const p = writeFixture(tmp.fixtures, 'many.zip', many);
    await expect(checkZipBomb(p, many.length, limits)).rejects.toMatchObject({
      code: 'too_large',
      message: '压缩包内文件过多，无法转换',
      detail: '300000 zip entries',
    });
  });

  it('refuses entry names that climb out of the archive', async () => {
    for (const [i, name] of ['../../etc/cron.d/x', '/etc/passwd', 'word/../../x.xml', 'C:/Windows/x.dll'].entries()) {
      const z = writeRawZip([entry('[Content_Types].xml', '<Types/>'), entry(name)]);
      const p = writeFixture(tmp.fixtures, `slip${i}.docx`, z);
      await expect(checkZipBomb(p, z.length, limits)).rejects.toMatchObject({ code: 'corrupt', message: '压缩包内含不安全的路径，无法转换' });
    }
    // a backslash is a separator written by some Windows tools, not an escape
    const win = writeRawZip([entry('word\\document.xml', '<w:document/>')]);
    const p = writeFixture(tmp.fixtures, 'backslash.docx', win);
    expect((await checkZipBomb(p, win.length, limits)).map((e) => e.name)).toEqual(['word/document.xml']);
  });

  it('a file that only starts like a zip is corrupt; entries are read back through the same reader', async () => {
    const junk = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2000, 0x41)]);
    const p = writeFixture(tmp.fixtures, 'junk.docx', junk);
    await expect(checkZipBomb(p, junk.length, limits)).rejects.toMatchObject({ code: 'corrupt' });
    await expect(readZipDirectory(p)).rejects.toMatchObject({ code: 'corrupt' });
    const odt = writeFixture(tmp.fixtures, 'read.odt', makeOdt(1, true));
    const entries = await readZipDirectory(odt);
    expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0 });
    expect((await readZipEntry(odt, entries[0]!))?.toString()).toBe('application/vnd.oasis.opendocument.text');
    const manifest = entries.find((e) => e.name === 'META-INF/manifest.xml')!;
    expect((await readZipEntry(odt, manifest))?.toString()).toContain('encryption-data');
    const cut = Math.ceil(manifest.compressedSize / 2); // at most maxBytes after inflating
    expect((await readZipEntry(odt, manifest, cut))?.length).toBe(cut);
    expect(await readZipEntry(odt, { ...manifest, name: 'no/such.xml' })).toBeUndefined();
  });
});
