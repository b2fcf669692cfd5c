import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { ConvertError } from './errors.js';

/** One entry of a zip's central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const MAX_ENTRIES = 200_000;

function findEocd(tail: Buffer): number {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIG) return i;
  }
  return -1;
}

/**
 * Reads the central directory of a zip held in `buf` (the whole file). Returns undefined when `buf` holds no
 * end-of-central-directory record (not a zip, or only the head of one).
 */
export function parseZipDirectory(buf: Buffer): ZipEntry[] | undefined {
  const tailStart = Math.max(0, buf.length - 65_557);
  const rel = findEocd(buf.subarray(tailStart));
  if (rel < 0) return undefined;
  const eocd = tailStart + rel;
  let count = buf.readUInt16LE(eocd + 10);
  let cdSize = buf.readUInt32LE(eocd + 12);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if ((cdOffset === 0xffffffff || count === 0xffff) && eocd >= 20 && buf.readUInt32LE(eocd - 20) === EOCD64_LOCATOR_SIG) {
    const z64 = Number(buf.readBigUInt64LE(eocd - 20 + 8));
    if (z64 + 56 <= buf.length && buf.readUInt32LE(z64) === EOCD64_SIG) {
      count = Number(buf.readBigUInt64LE(z64 + 32));
      cdSize = Number(buf.readBigUInt64LE(z64 + 40));
      cdOffset = Number(buf.readBigUInt64LE(z64 + 48));
    }
  }
  if (cdOffset + cdSize > buf.length) return undefined;
  return parseCentral(buf.subarray(cdOffset, cdOffset + cdSize), count);
}

function parseCentral(cd: Buffer, count: number): ZipEntry[] {
  if (count > MAX_ENTRIES) throw new ConvertError('too_large', '压缩包内文件过多，无法转换', `${count} zip entries`);
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= cd.length && entries.length < count) {
    if (cd.readUInt32LE(p) !== CEN_SIG) break;
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    let compressedSize = cd.readUInt32LE(p + 20);
    let uncompressedSize = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen);
    // zip64: the extra field 0x0001 holds the 8-byte values that overflowed, in this order
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd && e + 4 <= cd.length) {
      const id = cd.readUInt16LE(e);
      const size = cd.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + size) { uncompressedSize = Number(cd.readBigUInt64LE(q)); q += 8; }
        if (compressedSize === 0xffffffff && q + 8 <= e + 4 + size) { compressedSize = Number(cd.readBigUInt64LE(q)); q += 8; }
        if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + size) { localHeaderOffset = Number(cd.readBigUInt64LE(q)); }
      }
      e += 4 + size;
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
    p = extraEnd + commentLen;
  }
  return entries;
}

/** Reads a zip's central directory from a file without loading the file. */
export async function readZipDirectory(path: string): Promise<ZipEntry[] | undefined> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const tailLen = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    const rel = findEocd(tail);
    if (rel < 0) return undefined;
    const eocdPos = size - tailLen + rel;
    let count = tail.readUInt16LE(rel + 10);
    let cdSize = tail.readUInt32LE(rel + 12);
    let cdOffset = tail.readUInt32LE(rel + 16);
    if ((cdOffset === 0xffffffff || count === 0xffff || cdSize === 0xffffffff) && rel >= 20 && tail.readUInt32LE(rel - 20) === EOCD64_LOCATOR_SIG) {
      const z64 = Number(tail.readBigUInt64LE(rel - 20 + 8));
      const rec = Buffer.alloc(56);
      await fh.read(rec, 0, 56, z64);
      if (rec.readUInt32LE(0) === EOCD64_SIG) {
        count = Number(rec.readBigUInt64LE(32));
        cdSize = Number(rec.readBigUInt64LE(40));
        cdOffset = Number(rec.readBigUInt64LE(48));
      }
    }
    if (cdOffset + cdSize > eocdPos + 1 || cdSize > 64 * 1024 * 1024) return undefined;
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    return parseCentral(cd, count);
  } finally {
    await fh.close();
  }
}

export interface ZipCheckLimits {
  maxUnzippedBytes: number;
  maxZipRatio: number;
}

/**
 * Refuses zip bombs before an engine inflates them: the declared total and ratio first (cheap), then every
 * deflated entry is actually inflated with a byte counter (nothing kept), so a directory that lies about sizes
 * is caught too. Costs roughly 1 s per 300 MB of real content.
 */
export async function checkZipBomb(path: string, fileSize: number, limits: ZipCheckLimits): Promise<ZipEntry[] | undefined> {
  const entries = await readZipDirectory(path);
  if (!entries) return undefined;
  const tooLarge = (detail: string) => new ConvertError('too_large', '文档解压后过大，无法转换', detail);
  let declared = 0;
  for (const e of entries) declared += e.uncompressedSize;
  if (declared > limits.maxUnzippedBytes) throw tooLarge(`declared ${declared} bytes uncompressed`);
  if (declared > 10 * 1024 * 1024 && declared / Math.max(1, fileSize) > limits.maxZipRatio) {
    throw tooLarge(`compression ratio ${(declared / fileSize).toFixed(0)}`);
  }
  const fh = await open(path, 'r');
  try {
    let actualTotal = 0;
    for (const e of entries) {
      if (e.method !== 8 || e.name.endsWith('/') || e.flags & 1) continue;
      const actual = await inflatedSize(fh, e, e.uncompressedSize + 1);
      if (actual > e.uncompressedSize) throw tooLarge(`entry ${e.name} inflates past its declared ${e.uncompressedSize} bytes`);
      actualTotal += actual;
      if (actualTotal > limits.maxUnzippedBytes) throw tooLarge(`inflated more than ${limits.maxUnzippedBytes} bytes`);
    }
  } finally {
    await fh.close();
  }
  return entries;
}

/** Inflates one entry, counting bytes and stopping once `stopAt` is reached. Corrupt data counts as what it gave. */
async function inflatedSize(fh: FileHandle, e: ZipEntry, stopAt: number): Promise<number> {
  const head = Buffer.alloc(30);
  await fh.read(head, 0, 30, e.localHeaderOffset);
  if (head.readUInt32LE(0) !== LOC_SIG) return 0;
  const dataStart = e.localHeaderOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  return new Promise<number>((resolve) => {
    const inflate = createInflateRaw();
    let total = 0;
    let done = false;
    const stop = () => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total >= stopAt) stop();
    });
    inflate.on('end', stop);
    inflate.on('error', stop);
    inflate.on('close', stop);
    void (async () => {
      const chunkSize = 256 * 1024;
      let pos = dataStart;
      let left = e.compressedSize;
      while (left > 0 && !done) {
        const buf = Buffer.alloc(Math.min(chunkSize, left));
        const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
        if (bytesRead === 0) break;
        pos += bytesRead;
        left -= bytesRead;
        if (!inflate.write(buf.subarray(0, bytesRead))) {
          await new Promise<void>((r) => {
            const go = () => { inflate.off('drain', go); inflate.off('close', go); r(); };
            inflate.once('drain', go);
            inflate.once('close', go);
          });
        }
      }
      if (!done) inflate.end();
    })().catch(stop);
  });
}

/** The bytes of a stored (uncompressed) entry that lies within `buf`, e.g. ODF's and EPUB's `mimetype`. */
export function storedEntryText(buf: Buffer, e: ZipEntry, max = 200): string | undefined {
  if (e.method !== 0 || e.localHeaderOffset + 30 > buf.length) return undefined;
  if (buf.readUInt32LE(e.localHeaderOffset) !== LOC_SIG) return undefined;
  const start = e.localHeaderOffset + 30 + buf.readUInt16LE(e.localHeaderOffset + 26) + buf.readUInt16LE(e.localHeaderOffset + 28);
  const len = Math.min(e.compressedSize, max);
  if (start + len > buf.length) return undefined;
  return buf.toString('latin1', start, start + len);
}

/** Walks local file headers from the start of `buf` (works on the head of a zip). */
export function localEntryNames(buf: Buffer, max = 200): { name: string; method: number; dataStart: number; compressedSize: number }[] {
  const out: { name: string; method: number; dataStart: number; compressedSize: number }[] = [];
  let p = 0;
  while (p + 30 <= buf.length && out.length < max && buf.readUInt32LE(p) === LOC_SIG) {
    const flags = buf.readUInt16LE(p + 6);
    const method = buf.readUInt16LE(p + 8);
    const compressedSize = buf.readUInt32LE(p + 18);
    const nameLen = buf.readUInt16LE(p + 26);
    const extraLen = buf.readUInt16LE(p + 28);
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 30, Math.min(buf.length, p + 30 + nameLen));
    const dataStart = p + 30 + nameLen + extraLen;
    out.push({ name, method, dataStart, compressedSize });
    // sizes deferred to a data descriptor (bit 3) cannot be skipped without inflating: stop here
    if (flags & 0x8 || compressedSize === 0xffffffff) break;
    p = dataStart + compressedSize;
  }
  return out;
}

/** The bytes of one (small) entry: stored or deflated, at most `maxBytes` after inflating. */
export async function readZipEntry(path: string, e: ZipEntry, maxBytes = 4 * 1024 * 1024): Promise<Buffer | undefined> {
  if (e.compressedSize > maxBytes * 4 || (e.method !== 0 && e.method !== 8)) return undefined;
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(30);
    await fh.read(head, 0, 30, e.localHeaderOffset);
    if (head.readUInt32LE(0) !== LOC_SIG) return undefined;
    const start = e.localHeaderOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
    const raw = Buffer.alloc(e.compressedSize);
    await fh.read(raw, 0, raw.length, start);
    if (e.method === 0) return raw.subarray(0, maxBytes);
    return inflateRawSync(raw, { maxOutputLength: maxBytes });
  } catch {
    return undefined;
  } finally {
    await fh.close();
  }
}
