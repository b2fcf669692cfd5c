import { OLE_MAGIC } from './ole.js';
import { zipHead } from './zip.js';

export type SniffKind = 'pdf' | 'zip' | 'ole' | 'rtf' | 'text' | 'umd' | 'chm' | 'epub' | 'mobi' | 'exe' | 'unknown';

export interface SniffResult {
  kind: SniffKind;
  /**
   * finer type when the bytes tell it: zip → docx | xlsx | pptx | odt | ods | odp | xps | cbz | ooxml;
   * ole → doc | xls | ppt | ooxml-encrypted; text → html | xml | fb2 | plain
   */
  subtype?: string;
}

/** How each supported extension is converted. */
export type Route = 'mupdf' | 'xps' | 'office' | 'text' | 'csv' | 'umd' | 'chm';

export const EXTENSION_ROUTES: Readonly<Record<string, Route>> = {
  pdf: 'mupdf',
  epub: 'mupdf',
  mobi: 'mupdf',
  azw: 'mupdf',
  azw3: 'mupdf',
  fb2: 'mupdf',
  xps: 'xps',
  oxps: 'xps',
  cbz: 'mupdf',
  doc: 'office',
  docx: 'office',
  rtf: 'office',
  wps: 'office',
  odt: 'office',
  dot: 'office',
  dotx: 'office',
  ppt: 'office',
  pptx: 'office',
  pps: 'office',
  ppsx: 'office',
  dps: 'office',
  odp: 'office',
  pot: 'office',
  potx: 'office',
  xls: 'office',
  xlsx: 'office',
  et: 'office',
  ods: 'office',
  csv: 'csv',
  tsv: 'csv',
  txt: 'text',
  umd: 'umd',
  chm: 'chm',
};

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(EXTENSION_ROUTES);

/** 'PDF', '.Docx', 'docx' → 'docx' */
export function normalizeExt(ext: string): string {
  return ext.trim().toLowerCase().replace(/^.*\./, '');
}

const has = (buf: Buffer, at: number, s: string | Buffer) => {
  const b = typeof s === 'string' ? Buffer.from(s, 'latin1') : s;
  return buf.length >= at + b.length && buf.subarray(at, at + b.length).equals(b);
};

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|bmp|tiff?)$/i;

function zipSubtype(buf: Buffer): { kind: 'zip' | 'epub'; subtype?: string } {
  const z = zipHead(buf);
  return zipKindFromEntries(z.names, z.mimetype, z.complete);
}

/**
 * Tells docx/xlsx/pptx/odt/ods/odp/epub/xps/cbz apart by entry names and the ODF/EPUB `mimetype` entry.
 * `complete` says the names are the whole directory (needed to call an archive of images a comic book).
 */
export function zipKindFromEntries(names: string[], mimetype: string | undefined, complete: boolean): { kind: 'zip' | 'epub'; subtype?: string } {
  mimetype = mimetype?.trim();
  if (mimetype === 'application/epub+zip') return { kind: 'epub' };
  if (mimetype?.startsWith('application/vnd.oasis.opendocument.')) {
    const t = mimetype.slice('application/vnd.oasis.opendocument.'.length);
    const map: Record<string, string> = {
      text: 'odt',
      spreadsheet: 'ods',
      presentation: 'odp',
      'text-template': 'odt',
      'spreadsheet-template': 'ods',
      'presentation-template': 'odp',
    };
    return { kind: 'zip', subtype: map[t] ?? 'odf' };
  }
  const any = (re: RegExp) => names.some((n) => re.test(n));
  if (any(/^word\//)) return { kind: 'zip', subtype: 'docx' };
  if (any(/^xl\//)) return { kind: 'zip', subtype: 'xlsx' };
  if (any(/^ppt\//)) return { kind: 'zip', subtype: 'pptx' };
  if (any(/\.fdseq$|\.fpage$|^FixedDocSeq/i)) return { kind: 'zip', subtype: 'xps' };
  if (names.includes('[Content_Types].xml')) return { kind: 'zip', subtype: 'ooxml' };
  const files = names.filter((n) => !n.endsWith('/'));
  if (complete && files.length > 0 && files.every((n) => IMAGE_EXT.test(n) || /(^|\/)(ComicInfo\.xml|\.DS_Store|Thumbs\.db)$/i.test(n))) {
    return { kind: 'zip', subtype: 'cbz' };
  }
  return { kind: 'zip' };
}

function oleSubtype(buf: Buffer): string | undefined {
  const u = (s: string) => buf.includes(Buffer.from(s, 'utf16le'));
  if (u('EncryptedPackage')) return 'ooxml-encrypted';
  if (u('WordDocument')) return 'doc';
  if (u('Workbook') || u('Book\0')) return 'xls';
  if (u('PowerPoint Document')) return 'ppt';
  return undefined;
}

/** Share of UTF-16 code units that are letters, digits, punctuation, symbols or spaces. */
function utf16Plausibility(buf: Buffer, bigEndian: boolean): number {
  const n = Math.min(buf.length, 16 * 1024) & ~1;
  if (n === 0) return 0;
  const b = Buffer.from(buf.subarray(0, n));
  if (bigEndian) b.swap16();
  const s = b.toString('utf16le');
  let good = 0;
  for (const ch of s) if (/[\p{L}\p{N}\p{P}\p{S}\s]/u.test(ch) && !/[\p{Co}\p{Cn}\p{Cs}]/u.test(ch)) good++;
  return good / [...s].length;
}

/** Whether bytes look like text in some encoding (UTF-8, GBK, Big5, UTF-16 with or without BOM). */
export function looksLikeText(buf: Buffer): boolean {
  const n = Math.min(buf.length, 64 * 1024);
  if (n === 0) return false;
  if (has(buf, 0, Buffer.from([0xef, 0xbb, 0xbf])) || has(buf, 0, Buffer.from([0xff, 0xfe])) || has(buf, 0, Buffer.from([0xfe, 0xff]))) return true;
  let nul = 0;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = buf[i];
    if (c === 0) nul++;
    else if (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 27 && c !== 26) control++;
  }
  if (nul === 0 && control / n < 0.01) return true;
  // UTF-16 without BOM: zero bytes (ASCII) and low bytes (CJK) are frequent; decoding must give clean text
  return Math.max(utf16Plausibility(buf, false), utf16Plausibility(buf, true)) > 0.97;
}

function textSubtype(buf: Buffer): string {
  const head = buf
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart()
    .slice(0, 2048)
    .toLowerCase();
  if (head.includes('<fictionbook')) return 'fb2';
  if (/^<!doctype html|^<html|<html[\s>]|<head[\s>]|<body[\s>]/.test(head)) return 'html';
  if (head.startsWith('<?xml')) return 'xml';
  return 'plain';
}

/**
 * What the bytes are, from magic numbers (never from the name). `buf` may be the whole file or only its head
 * (the first 64 KiB is enough for everything but the zip and OLE subtypes, which need the whole file).
 */
export function sniffType(buf: Buffer): SniffResult {
  if (buf.length === 0) return { kind: 'unknown' };
  // %PDF may follow a little junk (some generators prepend bytes); MuPDF tolerates it, and so do we
  const pdfAt = buf.subarray(0, 1024).indexOf('%PDF-');
  if (pdfAt === 0 || (pdfAt > 0 && pdfAt < 1024)) return { kind: 'pdf' };
  if (has(buf, 0, 'PK\x03\x04') || has(buf, 0, 'PK\x05\x06')) return zipSubtype(buf);
  if (has(buf, 0, OLE_MAGIC)) return { kind: 'ole', subtype: oleSubtype(buf) };
  if (has(buf, 0, '{\\rtf')) return { kind: 'rtf' };
  if (has(buf, 0, 'ITSF')) return { kind: 'chm' };
  if (has(buf, 0, Buffer.from([0x89, 0x9b, 0x9a, 0xde]))) return { kind: 'umd' };
  if (has(buf, 60, 'BOOKMOBI') || has(buf, 60, 'TEXtREAd')) return { kind: 'mobi' };
  if (has(buf, 0, 'MZ')) return { kind: 'exe', subtype: 'pe' };
  if (has(buf, 0, '\x7fELF')) return { kind: 'exe', subtype: 'elf' };
  if (
    has(buf, 0, Buffer.from([0xcf, 0xfa, 0xed, 0xfe])) ||
    has(buf, 0, Buffer.from([0xce, 0xfa, 0xed, 0xfe])) ||
    has(buf, 0, Buffer.from([0xca, 0xfe, 0xba, 0xbe]))
  ) {
    return { kind: 'exe', subtype: 'macho' };
  }
  if (looksLikeText(buf)) return { kind: 'text', subtype: textSubtype(buf) };
  return { kind: 'unknown' };
}

const WRITER_ZIP = ['docx', 'odt', 'ooxml', undefined];
const CALC_ZIP = ['xlsx', 'ods', 'ooxml', undefined];
const IMPRESS_ZIP = ['pptx', 'odp', 'ooxml', undefined];

/**
 * Whether a file whose bytes sniffed as `sniff` may carry extension `ext`. Lenient where real files are messy
 * (a .doc that is RTF or HTML, an .xls that is an HTML table, a docx saved as .wps) and strict where a mismatch
 * means a disguise: executables never pass, and a PDF is never a .docx.
 */
export function isExtCompatible(ext: string, sniff: SniffResult): boolean {
  const e = normalizeExt(ext);
  const { kind, subtype } = sniff;
  if (kind === 'exe' || kind === 'unknown') return false;
  const zipOk = (allowed: (string | undefined)[]) => kind === 'zip' && allowed.includes(subtype);
  switch (e) {
    case 'pdf':
      return kind === 'pdf';
    case 'epub':
      return kind === 'epub' || (kind === 'zip' && subtype === undefined);
    case 'mobi':
    case 'azw':
    case 'azw3':
      return kind === 'mobi';
    case 'fb2':
      return kind === 'text' && (subtype === 'fb2' || subtype === 'xml');
    case 'xps':
    case 'oxps':
      return zipOk(['xps', undefined]);
    case 'cbz':
      return zipOk(['cbz', undefined]);
    case 'docx':
    case 'dotx':
    case 'odt':
      return zipOk(WRITER_ZIP) || (kind === 'ole' && subtype === 'ooxml-encrypted');
    case 'doc':
    case 'dot':
    case 'wps':
      return (
        (kind === 'ole' && subtype !== 'xls' && subtype !== 'ppt') ||
        kind === 'rtf' ||
        zipOk(WRITER_ZIP) ||
        (kind === 'text' && (subtype === 'html' || subtype === 'xml'))
      );
    case 'rtf':
      return kind === 'rtf' || (kind === 'ole' && subtype === 'doc') || zipOk(WRITER_ZIP);
    case 'xlsx':
    case 'ods':
      return zipOk(CALC_ZIP) || (kind === 'ole' && subtype === 'ooxml-encrypted');
    case 'xls':
    case 'et':
      // spreadsheets exported by web systems are often HTML or CSV named .xls
      return (kind === 'ole' && subtype !== 'doc' && subtype !== 'ppt') || zipOk(CALC_ZIP) || kind === 'text';
    case 'pptx':
    case 'ppsx':
    case 'potx':
    case 'odp':
      return zipOk(IMPRESS_ZIP) || (kind === 'ole' && subtype === 'ooxml-encrypted');
    case 'ppt':
    case 'pps':
    case 'pot':
    case 'dps':
      return (kind === 'ole' && subtype !== 'doc' && subtype !== 'xls') || zipOk(IMPRESS_ZIP);
    case 'txt':
    case 'csv':
    case 'tsv':
      return kind === 'text';
    case 'umd':
      return kind === 'umd';
    case 'chm':
      return kind === 'chm';
    default:
      return false;
  }
}
