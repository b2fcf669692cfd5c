/**
 * Test documents, generated in code (nothing binary is committed): PDFs with MuPDF.js, DOCX with `docx`,
 * ODF/EPUB/XPS/CBZ as zips written with fflate, MOBI, UMD, CHM and OLE files written byte by byte, legacy
 * and OOXML office files by LibreOffice from the ODF ones.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateRawSync, deflateSync, constants as zc } from 'node:zlib';
import { Document as DocxDocument, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { strToU8, zipSync, type Zippable } from 'fflate';
import iconv from 'iconv-lite';
import * as mupdf from 'mupdf';

export const PHRASE = '魔豆文库是一个文档分享系统';

// ---------------------------------------------------------------- PDF

export interface PdfOptions {
  pages: number;
  /** text of page i (1-based); Chinese goes through a CJK font */
  text?: (i: number) => string;
  size?: [number, number];
  saveOptions?: string;
}

/** A PDF of `pages` pages; every page carries "Page i of n" and (unless text is given) the phrase in Chinese. */
export function makePdf(opts: PdfOptions): Buffer {
  const doc = new mupdf.PDFDocument();
  const latin = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const cjk = doc.addCJKFont(new mupdf.Font('zh-Hans'), 'zh-Hans', 0, false);
  const resources = doc.addObject({ Font: { F1: latin, F2: cjk } });
  const [w, h] = opts.size ?? [595, 842];
  const text = opts.text ?? ((i: number) => `${PHRASE} ${i}`);
  for (let i = 1; i <= opts.pages; i++) {
    const hex = Buffer.from(text(i), 'utf16le').swap16().toString('hex');
    const content = `BT /F1 20 Tf 72 ${h - 80} Td (Page ${i} of ${opts.pages}) Tj ET BT /F2 16 Tf 72 ${h - 120} Td <${hex}> Tj ET 0 0 1 rg 72 ${h - 300} 200 100 re f`;
    doc.insertPage(-1, doc.addPage([0, 0, w, h], 0, resources, content));
  }
  const out = Buffer.from(doc.saveToBuffer(opts.saveOptions ?? 'compress').asUint8Array());
  doc.destroy();
  return out;
}

// ---------------------------------------------------------------- DOCX

/** A DOCX of `pages` pages (explicit page breaks), page i saying "第i页" and the phrase. */
export async function makeDocx(pages: number): Promise<Buffer> {
  const children: Paragraph[] = [];
  for (let i = 1; i <= pages; i++) {
    children.push(new Paragraph({ children: [new TextRun({ text: `第${i}页 Page ${i}`, bold: true, size: 32 })] }));
    children.push(
      new Paragraph({
        children: [new TextRun({ text: `${PHRASE}。这是第${i}页的正文，包含中文和 English 混合内容。`, font: { eastAsia: 'Noto Serif CJK SC' } })],
      }),
    );
    if (i < pages) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  const doc = new DocxDocument({ sections: [{ children }] });
  return Packer.toBuffer(doc);
}

// ---------------------------------------------------------------- ODF (zips written by hand)

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" ' +
  'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';

function odfZip(kind: 'text' | 'spreadsheet' | 'presentation', body: string, styles = '', encrypted = false): Buffer {
  const mime = `application/vnd.oasis.opendocument.${kind}`;
  const files: Zippable = {
    mimetype: [strToU8(mime), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest ${ODF_NS} manifest:version="1.2">` +
        `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/>` +
        (encrypted
          ? '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x">' +
            '<manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="x"/></manifest:encryption-data></manifest:file-entry>'
          : '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>') +
        '</manifest:manifest>',
    ),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.2">` +
        `<office:automatic-styles>${styles}</office:automatic-styles><office:body>${body}</office:body></office:document-content>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** ODT with `pages` pages (paragraphs breaking before each page); `encrypted` marks it password-protected in the manifest. */
export function makeOdt(pages: number, encrypted = false): Buffer {
  let body = '<office:text>';
  for (let i = 1; i <= pages; i++) {
    body += `<text:p${i > 1 ? ' text:style-name="PB"' : ''}>第${i}页 ODT page ${i}</text:p><text:p>${PHRASE}</text:p>`;
  }
  body += '</office:text>';
  return odfZip(
    'text',
    body,
    '<style:style style:name="PB" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style>',
    encrypted,
  );
}

/** ODS with one sheet per page: a small table on each. */
export function makeOds(sheets: number): Buffer {
  let body = '<office:spreadsheet>';
  for (let s = 1; s <= sheets; s++) {
    body += `<table:table table:name="表${s}">`;
    const rows = [
      ['名称', '数量', '说明'],
      [`${PHRASE}`, String(s * 10), `sheet ${s}`],
      ['合计', String(s * 10), ''],
    ];
    for (const r of rows) {
      body +=
        '<table:table-row>' +
        r.map((c) => `<table:table-cell office:value-type="string"><text:p>${esc(c)}</text:p></table:table-cell>`).join('') +
        '</table:table-row>';
    }
    body += '</table:table>';
  }
  body += '</office:spreadsheet>';
  return odfZip('spreadsheet', body);
}

/** ODP with `slides` slides, each with one text frame. */
export function makeOdp(slides: number): Buffer {
  let body = '<office:presentation>';
  for (let i = 1; i <= slides; i++) {
    body +=
      `<draw:page draw:name="page${i}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="22cm" svg:height="4cm"><draw:text-box>` +
      `<text:p>第${i}张幻灯片 Slide ${i}</text:p><text:p>${PHRASE}</text:p></draw:text-box></draw:frame></draw:page>`;
  }
  body += '</office:presentation>';
  return odfZip('presentation', body);
}

/** RTF with Chinese as \uN escapes and page breaks. */
export function makeRtf(pages: number): Buffer {
  const u = (s: string) =>
    [...s].map((c) => (c.charCodeAt(0) > 127 ? `\\u${c.charCodeAt(0) > 32767 ? c.charCodeAt(0) - 65536 : c.charCodeAt(0)}?` : c)).join('');
  let body = '';
  for (let i = 1; i <= pages; i++) {
    body += `{\\f1 ${u(`第${i}页 RTF page ${i}`)}}\\par {\\f1 ${u(PHRASE)}}\\par ${i < pages ? '\\page ' : ''}`;
  }
  return Buffer.from(`{\\rtf1\\ansi\\ansicpg936\\deff0{\\fonttbl{\\f0 Times New Roman;}{\\f1\\fcharset134 SimSun;}}\n${body}}`, 'latin1');
}

// ---------------------------------------------------------------- LibreOffice-made fixtures

/** Converts with LibreOffice into `outDir` (one call per target format), returns the new file's path. */
export function sofficeConvert(input: string, target: string, outDir: string, profileDir: string): string {
  mkdirSync(outDir, { recursive: true });
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      '--nolockcheck',
      `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
      '--convert-to',
      target,
      '--outdir',
      outDir,
      input,
    ],
    // the time-out is a hang guard under the test hook's (600 s): a loaded machine took over 120 s for one file
    { env: { ...process.env, HOME: outDir }, timeout: 540_000, stdio: 'ignore' },
  );
  const out = join(outDir, `${basename(input, extname(input))}.${target.split(':')[0]}`);
  if (!existsSync(out)) throw new Error(`soffice did not produce ${out}`);
  return out;
}

export function hasSoffice(): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 300_000, env: { ...process.env, HOME: '/tmp' } });
    return true;
  } catch {
    return false;
  }
}

export function hasCommand(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- e-books

/** EPUB 3 (with an NCX too) of `chapters` chapters, each long enough to fill more than one A4 page. */
export function makeEpub(chapters: number): Buffer {
  const items: string[] = [];
  const spine: string[] = [];
  const nav: string[] = [];
  const files: Zippable = { mimetype: [strToU8('application/epub+zip'), { level: 0 }] };
  files['META-INF/container.xml'] = strToU8(
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>' +
      '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  );
  for (let i = 1; i <= chapters; i++) {
    const paras = Array.from({ length: 30 }, (_, k) => `<p>${PHRASE}。第${i}章第${k + 1}段，用于测试电子书的排版与分页。</p>`).join('');
    files[`OEBPS/ch${i}.xhtml`] = strToU8(
      `<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="zh-CN"><head><title>第${i}章</title></head>` +
        `<body><h1>第${i}章 Chapter ${i}</h1>${paras}</body></html>`,
    );
    items.push(`<item id="ch${i}" href="ch${i}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="ch${i}"/>`);
    nav.push(`<li><a href="ch${i}.xhtml">第${i}章</a></li>`);
  }
  files['OEBPS/nav.xhtml'] = strToU8(
    `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>目录</title></head>` +
      `<body><nav epub:type="toc"><ol>${nav.join('')}</ol></nav></body></html>`,
  );
  files['OEBPS/content.opf'] = strToU8(
    '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">' +
      '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">wenku-test</dc:identifier><dc:title>测试电子书</dc:title><dc:language>zh-CN</dc:language></metadata>' +
      `<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${items.join('')}</manifest>` +
      `<spine>${spine.join('')}</spine></package>`,
  );
  return Buffer.from(zipSync(files));
}

/** A MOBI (PalmDB "BOOKMOBI", uncompressed UTF-8 text records) holding `html`. */
export function makeMobi(html: string, title = '测试MOBI'): Buffer {
  const text = Buffer.from(html, 'utf8');
  const recSize = 4096;
  const textRecords: Buffer[] = [];
  for (let p = 0; p < text.length; p += recSize) textRecords.push(text.subarray(p, p + recSize));
  const name = Buffer.from(title, 'utf8');
  const rec0 = Buffer.alloc(16 + 232 + name.length + 4);
  rec0.writeUInt16BE(1, 0); // no compression
  rec0.writeUInt32BE(text.length, 4);
  rec0.writeUInt16BE(textRecords.length, 8);
  rec0.writeUInt16BE(recSize, 10);
  rec0.write('MOBI', 16, 'latin1');
  rec0.writeUInt32BE(232, 20); // header length
  rec0.writeUInt32BE(2, 24); // mobipocket book
  rec0.writeUInt32BE(65001, 28); // UTF-8
  rec0.writeUInt32BE(0x12345678, 32);
  rec0.writeUInt32BE(6, 36);
  for (let o = 40; o < 80; o += 4) rec0.writeUInt32BE(0xffffffff, o);
  rec0.writeUInt32BE(textRecords.length + 1, 80); // first non-book record
  rec0.writeUInt32BE(248, 84); // full name offset
  rec0.writeUInt32BE(name.length, 88);
  rec0.writeUInt32BE(0x0804, 92); // zh-CN
  rec0.writeUInt32BE(6, 104);
  rec0.writeUInt32BE(0xffffffff, 108); // no images
  rec0.writeUInt32BE(0, 128); // no EXTH
  rec0.writeUInt32BE(0xffffffff, 164);
  rec0.writeUInt32BE(0xffffffff, 168); // no DRM
  rec0.writeUInt16BE(1, 192);
  rec0.writeUInt16BE(textRecords.length, 194);
  rec0.writeUInt32BE(0, 240); // no trailing entries
  name.copy(rec0, 248);
  const eof = Buffer.from([0xe9, 0x8e, 0x0d, 0x0a]);
  const records = [rec0, ...textRecords, eof];
  const headerLen = 78 + records.length * 8 + 2;
  const pdb = Buffer.alloc(headerLen);
  Buffer.from('test_mobi', 'latin1').copy(pdb, 0);
  pdb.write('BOOKMOBI', 60, 'latin1');
  pdb.writeUInt16BE(records.length, 76);
  let offset = headerLen;
  records.forEach((r, i) => {
    pdb.writeUInt32BE(offset, 78 + i * 8);
    pdb.writeUInt32BE(i * 2, 78 + i * 8 + 4);
    offset += r.length;
  });
  return Buffer.concat([pdb, ...records]);
}

export function makeFb2(sections: number): Buffer {
  let body = '';
  for (let i = 1; i <= sections; i++) {
    body += `<section><title><p>第${i}节</p></title>${Array.from({ length: 20 }, (_, k) => `<p>${PHRASE}。FB2 第${i}节第${k + 1}段。</p>`).join('')}</section>`;
  }
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">' +
      '<description><title-info><book-title>测试FB2</book-title><lang>zh</lang></title-info></description>' +
      `<body>${body}</body></FictionBook>`,
    'utf8',
  );
}

/** XPS with `pages` fixed pages: a filled rectangle and, when a TrueType font is at hand, a line of glyphs. */
export function makeXps(pages: number): { buf: Buffer; hasText: boolean } {
  const fontPath = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  const hasText = existsSync(fontPath);
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="fdseq" ContentType="application/vnd.ms-package.xps-fixeddocumentsequence+xml"/>' +
        '<Default Extension="fdoc" ContentType="application/vnd.ms-package.xps-fixeddocument+xml"/>' +
        '<Default Extension="fpage" ContentType="application/vnd.ms-package.xps-fixedpage+xml"/>' +
        '<Default Extension="ttf" ContentType="application/vnd.ms-opentype"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="R1" Type="http://schemas.microsoft.com/xps/2005/06/fixedrepresentation" Target="/FixedDocumentSequence.fdseq"/></Relationships>',
    ),
    'FixedDocumentSequence.fdseq': strToU8(
      '<FixedDocumentSequence xmlns="http://schemas.microsoft.com/xps/2005/06"><DocumentReference Source="/Documents/1/FixedDocument.fdoc"/></FixedDocumentSequence>',
    ),
    'Documents/1/FixedDocument.fdoc': strToU8(
      '<FixedDocument xmlns="http://schemas.microsoft.com/xps/2005/06">' +
        Array.from({ length: pages }, (_, i) => `<PageContent Source="/Documents/1/Pages/${i + 1}.fpage" Width="816" Height="1056"/>`).join('') +
        '</FixedDocument>',
    ),
  };
  if (hasText) files['Resources/font.ttf'] = new Uint8Array(readFileSync(fontPath));
  for (let i = 1; i <= pages; i++) {
    const glyphs = hasText
      ? `<Glyphs FontUri="/Resources/font.ttf" FontRenderingEmSize="24" OriginX="96" OriginY="96" Fill="#FF000000" UnicodeString="XPS page ${i}"/>`
      : '';
    files[`Documents/1/Pages/${i}.fpage`] = strToU8(
      `<FixedPage xmlns="http://schemas.microsoft.com/xps/2005/06" Width="816" Height="1056" xml:lang="en-US">${glyphs}` +
        '<Path Data="M 96,200 L 500,200 500,400 96,400 Z" Fill="#FF3366CC"/></FixedPage>',
    );
  }
  return { buf: Buffer.from(zipSync(files)), hasText };
}

/** CBZ of `pages` PNG images. */
export function makeCbz(pages: number): Buffer {
  const files: Zippable = {};
  for (let i = 1; i <= pages; i++) {
    const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 300, 400], false);
    pix.clear(40 * i);
    files[`page${String(i).padStart(3, '0')}.png`] = [pix.asPNG().slice(), { level: 0 }];
    pix.destroy();
  }
  return Buffer.from(zipSync(files));
}

// ---------------------------------------------------------------- UMD

/** A UMD text book: header segments, chapter offsets and titles, zlib content blocks (UTF-16LE, U+2029 line ends). */
export function makeUmd(book: { title: string; author: string; chapters: { title: string; text: string }[] }): Buffer {
  const parts: Buffer[] = [Buffer.from([0x89, 0x9b, 0x9a, 0xde])];
  const seg = (type: number, data: Buffer, flag = 0) => {
    const h = Buffer.alloc(5);
    h[0] = 0x23;
    h.writeUInt16LE(type, 1);
    h[3] = flag;
    h[4] = 5 + data.length;
    parts.push(h, data);
  };
  const block = (check: number, data: Buffer) => {
    const h = Buffer.alloc(9);
    h[0] = 0x24;
    h.writeUInt32LE(check, 1);
    h.writeUInt32LE(9 + data.length, 5);
    parts.push(h, data);
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  seg(0x01, Buffer.from([0x01, 0x34, 0x12]));
  seg(0x02, Buffer.from(book.title, 'utf16le'));
  seg(0x03, Buffer.from(book.author, 'utf16le'));
  seg(0x04, Buffer.from('2024', 'utf16le'));
  const texts = book.chapters.map((c) => Buffer.from(`${c.title}\u2029${c.text.replace(/\n/g, '\u2029')}\u2029`, 'utf16le'));
  const content = Buffer.concat(texts);
  seg(0x0b, u32(content.length));
  const offsets: number[] = [];
  let off = 0;
  for (const t of texts) {
    offsets.push(off);
    off += t.length;
  }
  seg(0x83, u32(0x3001), 1);
  block(0x3001, Buffer.concat(offsets.map(u32)));
  seg(0x84, u32(0x3002), 1);
  block(
    0x3002,
    Buffer.concat(
      book.chapters.map((c) => {
        const t = Buffer.from(c.title, 'utf16le');
        return Buffer.concat([Buffer.from([t.length]), t]);
      }),
    ),
  );
  const checks: number[] = [];
  for (let p = 0, k = 0; p < content.length; p += 0x8000, k++) {
    const check = 0x4000 + k;
    checks.push(check);
    block(check, deflateSync(content.subarray(p, p + 0x8000))); // zlib (not raw) streams, as UMD stores them
    if (k === 0) seg(0xf1, Buffer.alloc(16), 0);
    if (k === 1) seg(0x0a, u32(0x1234), 0);
  }
  seg(0x81, u32(0x3003), 1);
  block(0x3003, Buffer.concat(checks.map(u32)));
  const total = parts.reduce((n, b) => n + b.length, 0) + 9;
  seg(0x0c, u32(total), 1);
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------- CHM (ITSF, content in the uncompressed section)

function encint(n: number): Buffer {
  const out = [n & 0x7f];
  n = Math.floor(n / 128);
  while (n > 0) {
    out.unshift(0x80 | (n & 0x7f));
    n = Math.floor(n / 128);
  }
  return Buffer.from(out);
}

function guid(s: string): Buffer {
  const h = s.replace(/[{}-]/g, '');
  const b = Buffer.alloc(16);
  b.writeUInt32LE(parseInt(h.slice(0, 8), 16), 0);
  b.writeUInt16LE(parseInt(h.slice(8, 12), 16), 4);
  b.writeUInt16LE(parseInt(h.slice(12, 16), 16), 6);
  Buffer.from(h.slice(16), 'hex').copy(b, 8);
  return b;
}

/**
 * A CHM whose files all sit in content section 0 (uncompressed): valid ITSF v3 / ITSP / PMGL structure that
 * chmlib and 7-Zip read. Real CHMs compress with LZX; the extractors handle both, and the converter only sees
 * the extracted files.
 */
export function makeChm(files: { path: string; data: Buffer }[]): Buffer {
  const nameList = (() => {
    const name = 'Uncompressed';
    const b = Buffer.alloc(4 + 2 + name.length * 2 + 2);
    b.writeUInt16LE(b.length / 2, 0);
    b.writeUInt16LE(1, 2);
    b.writeUInt16LE(name.length, 4);
    b.write(name, 6, 'utf16le');
    return b;
  })();
  const all = [{ path: '::DataSpace/NameList', data: nameList }, ...files];
  const dirs = new Set<string>(['/']);
  for (const f of files) {
    let p = '/';
    for (const part of f.path.split('/').slice(1, -1)) {
      p += `${part}/`;
      dirs.add(p);
    }
  }
  const entries: { name: string; off: number; len: number }[] = [...dirs].map((d) => ({ name: d, off: 0, len: 0 }));
  let off = 0;
  for (const f of all) {
    entries.push({ name: f.path, off, len: f.data.length });
    off += f.data.length;
  }
  entries.sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
  const CH = 4096;
  const body = Buffer.concat(
    entries.map((e) => {
      const nm = Buffer.from(e.name, 'utf8');
      return Buffer.concat([encint(nm.length), nm, encint(0), encint(e.off), encint(e.len)]);
    }),
  );
  if (body.length > CH - 22) throw new Error('makeChm: too many entries for one directory chunk');
  const chunk = Buffer.alloc(CH);
  chunk.write('PMGL', 0, 'latin1');
  chunk.writeUInt32LE(CH - 20 - body.length, 4);
  chunk.writeInt32LE(-1, 12);
  chunk.writeInt32LE(-1, 16);
  body.copy(chunk, 20);
  chunk.writeUInt16LE(entries.length, CH - 2);
  const itsp = Buffer.alloc(0x54);
  itsp.write('ITSP', 0, 'latin1');
  itsp.writeUInt32LE(1, 4);
  itsp.writeUInt32LE(0x54, 8);
  itsp.writeUInt32LE(0x0a, 12);
  itsp.writeUInt32LE(CH, 16);
  itsp.writeUInt32LE(2, 20);
  itsp.writeUInt32LE(1, 24);
  itsp.writeInt32LE(-1, 28);
  itsp.writeInt32LE(0, 32);
  itsp.writeInt32LE(0, 36);
  itsp.writeInt32LE(-1, 40);
  itsp.writeUInt32LE(1, 44);
  itsp.writeUInt32LE(0x804, 48);
  guid('{5D02926A-212E-11D0-9DF9-00A0C922E6EC}').copy(itsp, 52);
  itsp.writeUInt32LE(0x54, 68);
  itsp.writeInt32LE(-1, 72);
  itsp.writeInt32LE(-1, 76);
  itsp.writeInt32LE(-1, 80);
  const dir = Buffer.concat([itsp, chunk]);
  const content = Buffer.concat(all.map((f) => f.data));
  const dirOff = 0x78;
  const dataOff = dirOff + dir.length;
  const itsf = Buffer.alloc(0x60);
  itsf.write('ITSF', 0, 'latin1');
  itsf.writeUInt32LE(3, 4);
  itsf.writeUInt32LE(0x60, 8);
  itsf.writeUInt32LE(1, 12);
  itsf.writeUInt32LE(0x804, 20);
  guid('{7C01FD10-7BAA-11D0-9E0C-00A0C922E6EC}').copy(itsf, 24);
  guid('{7C01FD11-7BAA-11D0-9E0C-00A0C922E6EC}').copy(itsf, 40);
  itsf.writeBigUInt64LE(0x60n, 0x38);
  itsf.writeBigUInt64LE(0x18n, 0x40);
  itsf.writeBigUInt64LE(BigInt(dirOff), 0x48);
  itsf.writeBigUInt64LE(BigInt(dir.length), 0x50);
  itsf.writeBigUInt64LE(BigInt(dataOff), 0x58);
  const hs0 = Buffer.alloc(0x18);
  hs0.writeUInt32LE(0x1fe, 0);
  hs0.writeBigUInt64LE(BigInt(dataOff + content.length), 8);
  return Buffer.concat([itsf, hs0, dir, content]);
}

/** A small CHM: 3 pages whose TOC order differs from file order, one page in GB2312, one image. */
export function makeSampleChm(): Buffer {
  const page = (title: string, body: string) =>
    Buffer.from(`<html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`, 'utf8');
  const gbPage = iconv.encode(
    `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>第二章</title></head><body><h2>第二章 GB2312</h2><p>${PHRASE}（GB2312 编码页面）</p></body></html>`,
    'gb2312',
  );
  const png = (() => {
    const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 60, 30], false);
    pix.clear(128);
    const b = Buffer.from(pix.asPNG());
    pix.destroy();
    return b;
  })();
  const hhc = Buffer.from(
    '<html><body><ul>' +
      ['intro.htm', 'chapters/b.htm', 'chapters/a.htm']
        .map((p) => `<li><object type="text/sitemap"><param name="Name" value="${p}"><param name="Local" value="${p}"></object>`)
        .join('') +
      '</ul></body></html>',
    'utf8',
  );
  return makeChm([
    { path: '/chapters/a.htm', data: page('第三章', '<h2>第三章 Third</h2><p>Chapter A comes last in the TOC.</p><img src="../images/dot.png">') },
    { path: '/chapters/b.htm', data: gbPage },
    { path: '/images/dot.png', data: png },
    { path: '/intro.htm', data: page('简介', `<h1>简介 Intro</h1><p>${PHRASE}</p><script>alert(1)</script>`) },
    { path: '/toc.hhc', data: hhc },
  ]);
}

// ---------------------------------------------------------------- OLE (an encrypted OOXML container)

/**
 * The outer shell Office writes for a password-protected docx/xlsx/pptx: an OLE2 compound file holding
 * `EncryptionInfo` and `EncryptedPackage` streams (contents are irrelevant to the detector).
 */
export function makeEncryptedOoxml(): Buffer {
  const SS = 512;
  const header = Buffer.alloc(SS, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory at sector 1
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  header.writeUInt32LE(0, 0x4c); // FAT is sector 0
  for (let i = 1; i < 109; i++) header.writeUInt32LE(0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(SS, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: directory, end of chain
  const dir = Buffer.alloc(SS, 0);
  const entry = (i: number, name: string, type: number, child: number, right: number) => {
    const p = i * 128;
    dir.write(name, p, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, p + 0x40);
    dir[p + 0x42] = type;
    dir[p + 0x43] = 1;
    dir.writeInt32LE(-1, p + 0x44);
    dir.writeInt32LE(right, p + 0x48);
    dir.writeInt32LE(child, p + 0x4c);
    dir.writeUInt32LE(0xfffffffe, p + 0x74);
    dir.writeUInt32LE(0, p + 0x78);
  };
  entry(0, 'Root Entry', 5, 1, -1);
  entry(1, 'EncryptionInfo', 2, -1, 2);
  entry(2, 'EncryptedPackage', 2, -1, -1);
  return Buffer.concat([header, fat, dir]);
}

// ---------------------------------------------------------------- zip bombs

interface RawEntry {
  name: string;
  data: Buffer; // as stored (deflated when method 8)
  method: 0 | 8;
  crc: number;
  size: number; // declared uncompressed size
}

/** Writes a zip from pre-compressed entries with whatever sizes we claim. */
export function writeRawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(0x800, 6);
    lh.writeUInt16LE(e.method, 8);
    lh.writeUInt32LE(e.crc >>> 0, 14);
    lh.writeUInt32LE(e.data.length, 18);
    lh.writeUInt32LE(e.size, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(0x800, 8);
    ch.writeUInt16LE(e.method, 10);
    ch.writeUInt32LE(e.crc >>> 0, 16);
    ch.writeUInt32LE(e.data.length, 20);
    ch.writeUInt32LE(e.size, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, name, e.data);
    centrals.push(ch, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/**
 * Raw deflate data for `mib` MiB of zeros, built from one full-flushed 1 MiB block repeated (so it costs
 * milliseconds, not a gigabyte of compression), plus its CRC-32.
 */
export function zeroDeflate(mib: number): { data: Buffer; crc: number; size: number } {
  const one = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(one, { level: 9, finishFlush: zc.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  let crc = 0;
  for (let i = 0; i < mib; i++) {
    parts.push(block);
    crc = crc32(one, crc);
  }
  parts.push(Buffer.from([0x03, 0x00])); // final empty fixed-Huffman block
  return { data: Buffer.concat(parts), crc, size: mib * 1024 * 1024 };
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** A "docx" whose word/document.xml inflates to `mib` MiB; `declare` sets what the directory claims. */
export function makeZipBombDocx(mib: number, declare: 'honest' | 'lie'): Buffer {
  const z = zeroDeflate(mib);
  return writeRawZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, method: 0, crc: crc32(CONTENT_TYPES), size: CONTENT_TYPES.length },
    { name: 'word/document.xml', data: z.data, method: 8, crc: z.crc, size: declare === 'honest' ? z.size : 4096 },
  ]);
}

export function writeFixture(dir: string, name: string, data: Buffer | Uint8Array | string): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
}
