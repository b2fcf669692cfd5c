import { inflateSync } from 'node:zlib';
import { ConvertError } from './errors.js';

/**
 * UMD (the e-book format of early Chinese phones). Layout, little-endian throughout:
 *   magic 89 9B 9A DE
 *   then segments:  '#' u16 type, u8 flag, u8 length (of the whole segment, 5-byte head included), data
 *             and   '$' u32 check, u32 length (of the whole block, 9-byte head included), data
 * A '$' block belongs to the '#' segment before it. Types: 0x01 book kind (data[0]: 1 text, 2 comic),
 * 0x02 title, 0x03 author, 0x04-0x06 year/month/day, 0x07 genre, 0x08 publisher, 0x09 vendor (UTF-16LE strings),
 * 0x0B content length, 0x83 chapter offsets (block: u32 byte offsets into the content), 0x84 chapter titles
 * (block: u8 length + UTF-16LE title, repeated), 0x81 content index, 0x82 cover, 0x87 page offsets,
 * 0x0C end of file. The content itself is a run of '$' blocks of zlib-compressed UTF-16LE (32 KiB each
 * uncompressed), with U+2029 as the line separator.
 */
export interface UmdBook {
  kind: 'text' | 'comic';
  title?: string;
  author?: string;
  publisher?: string;
  year?: string;
  chapters: { title: string; text: string }[];
  /** all content as one string */
  text: string;
}

const MAGIC = 0xde9a9b89;
/** segment types followed by a '$' block of their own (chapter offsets/titles, content index, cover, pages) */
const ANNOUNCING = new Set([0x81, 0x82, 0x83, 0x84, 0x86, 0x87, 0x0e, 0x0f]);

export function isUmd(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === MAGIC;
}

export function parseUmd(buf: Buffer, maxChars = 64 * 1024 * 1024): UmdBook {
  if (!isUmd(buf)) throw new ConvertError('corrupt', 'UMD 文件头无效，文档已损坏', 'bad UMD magic');
  const meta: Record<number, string> = {};
  let kind: 'text' | 'comic' = 'text';
  let declaredLength = -1;
  let offsets: number[] = [];
  let titles: string[] = [];
  const content: Buffer[] = [];
  let contentBytes = 0;
  // a '#' segment that announces a '$' block ends with the block's check number; content blocks are the rest
  const announced = new Map<number, number>();
  let p = 4;
  const u16 = (b: Buffer) => b.toString('utf16le', 0, b.length - (b.length % 2)).replace(/\0+$/, '');

  while (p < buf.length) {
    const tag = buf[p];
    if (tag === 0x23 /* # */) {
      if (p + 5 > buf.length) throw new ConvertError('corrupt', 'UMD 文件不完整，文档已损坏', `truncated segment at ${p}`);
      const type = buf.readUInt16LE(p + 1);
      const len = buf[p + 4];
      if (len < 5 || p + len > buf.length) throw new ConvertError('corrupt', 'UMD 文件结构损坏', `bad segment length at ${p}`);
      const data = buf.subarray(p + 5, p + len);
      if (type === 0x01 && data.length >= 1) kind = data[0] === 2 ? 'comic' : 'text';
      else if (type >= 0x02 && type <= 0x09) meta[type] = u16(data);
      else if (type === 0x0b && data.length >= 4) declaredLength = data.readUInt32LE(0);
      else if (type === 0x0c) {
        p += len;
        break;
      }
      if (ANNOUNCING.has(type) && data.length >= 4) announced.set(data.readUInt32LE(data.length - 4), type);
      p += len;
    } else if (tag === 0x24 /* $ */) {
      if (p + 9 > buf.length) throw new ConvertError('corrupt', 'UMD 文件不完整，文档已损坏', `truncated block at ${p}`);
      const len = buf.readUInt32LE(p + 5);
      if (len < 9 || p + len > buf.length) throw new ConvertError('corrupt', 'UMD 文件结构损坏', `bad block length at ${p}`);
      const data = buf.subarray(p + 9, p + len);
      const owner = announced.get(buf.readUInt32LE(p + 1));
      if (owner === 0x83) {
        offsets = [];
        for (let q = 0; q + 4 <= data.length; q += 4) offsets.push(data.readUInt32LE(q));
      } else if (owner === 0x84) {
        titles = [];
        let q = 0;
        while (q < data.length) {
          const l = data[q];
          titles.push(u16(data.subarray(q + 1, q + 1 + l)));
          q += 1 + l;
        }
      } else if (owner !== undefined) {
        // content index, cover image, page offsets: not needed to lay the text out
      } else if (data[0] === 0x78 && kind === 'text') {
        let chunk: Buffer;
        try {
          chunk = inflateSync(data, { maxOutputLength: 4 * 1024 * 1024 });
        } catch (e) {
          throw new ConvertError('corrupt', 'UMD 正文数据损坏', `inflate failed at ${p}: ${(e as Error).message}`);
        }
        contentBytes += chunk.length;
        if (contentBytes / 2 > maxChars) throw new ConvertError('too_large', '文档正文过长，无法转换', `UMD content over ${maxChars} chars`);
        content.push(chunk);
      }
      p += len;
    } else {
      // padding or an unknown byte: real files have none; stop rather than guess
      break;
    }
  }

  if (kind === 'comic') throw new ConvertError('unsupported', '暂不支持漫画类 UMD 文档', 'UMD comic');
  const all = Buffer.concat(content);
  const body = all.subarray(0, declaredLength >= 0 && declaredLength < all.length ? declaredLength : all.length);
  const decode = (b: Buffer) =>
    u16(b)
      .replace(/\u2029/g, '\n')
      .replace(/\r\n?/g, '\n');
  const text = decode(body);

  const chapters: { title: string; text: string }[] = [];
  if (offsets.length > 0) {
    for (let i = 0; i < offsets.length; i++) {
      const start = Math.min(offsets[i], body.length);
      const end = Math.min(i + 1 < offsets.length ? offsets[i + 1] : body.length, body.length);
      chapters.push({ title: titles[i] ?? '', text: decode(body.subarray(start - (start % 2), end - (end % 2))) });
    }
  } else {
    chapters.push({ title: titles[0] ?? '', text });
  }
  return {
    kind,
    title: meta[0x02] || undefined,
    author: meta[0x03] || undefined,
    year: meta[0x04] || undefined,
    publisher: meta[0x08] || undefined,
    chapters,
    text,
  };
}
