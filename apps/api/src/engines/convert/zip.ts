import { Unzip, unzipSync } from 'fflate';
import yauzl from 'yauzl';
import { ConvertError } from './errors.js';

/**
 * Zips through libraries: yauzl reads files on disk (central directory, zip64, entry streams that check their
 * declared size), fflate reads bytes in memory synchronously (the head of an upload, for sniffing). This file only
 * applies our limits and maps failures to ConvertError.
 */

/** One entry of a zip's central directory. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated, ... */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  encrypted: boolean;
}

const MAX_ENTRIES = 200_000;

const tooLarge = (detail: string) => new ConvertError('too_large', '文档解压后过大，无法转换', detail);

/**
 * yauzl's own refusals that are about the archive's content, not its readability: entry names that climb out of
 * the archive (absolute, drive letters, `..`), and an entry that inflates past the size its directory declares.
 */
function zipFailure(e: unknown): ConvertError {
  const msg = (e as Error)?.message ?? String(e);
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(msg)) {
    return new ConvertError('corrupt', '压缩包内含不安全的路径，无法转换', msg);
  }
  return new ConvertError('corrupt', undefined, `zip: ${msg}`);
}

const toEntry = (e: yauzl.Entry): ZipEntry => ({
  name: e.fileName,
  method: e.compressionMethod,
  compressedSize: e.compressedSize,
  uncompressedSize: e.uncompressedSize,
  encrypted: e.isEncrypted(),
});

/** Opens a zip file (names validated, sizes checked) and refuses one that announces too many entries. */
async function openZip(path: string): Promise<yauzl.ZipFile> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (e) {
    throw zipFailure(e);
  }
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new ConvertError('too_large', '压缩包内文件过多，无法转换', `${zip.entryCount} zip entries`);
  }
  return zip;
}

/** Every entry of the central directory, in order. */
async function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const out: yauzl.Entry[] = [];
  try {
    for await (const e of zip.eachEntry()) out.push(e);
  } catch (e) {
    throw zipFailure(e);
  }
  return out;
}

/** Reads a zip's central directory from a file without loading the file. Throws ConvertError when unreadable. */
export async function readZipDirectory(path: string): Promise<ZipEntry[]> {
  const zip = await openZip(path);
  try {
    return (await listEntries(zip)).map(toEntry);
  } finally {
    zip.close();
  }
}

export interface ZipCheckLimits {
  maxUnzippedBytes: number;
  maxZipRatio: number;
}

/**
 * Refuses zip bombs before an engine inflates them: the entry count, the declared total and ratio first (cheap),
 * then every deflated entry is actually inflated through yauzl (nothing kept), which stops an entry the moment it
 * inflates past the size the directory declares for it — so the declared total bounds the real one, and a
 * directory that lies about sizes is caught too. A file the library cannot read as a zip is refused as corrupt:
 * nothing unverified reaches an engine. Costs roughly 1 s per 300 MB of real content.
 */
export async function checkZipBomb(path: string, fileSize: number, limits: ZipCheckLimits): Promise<ZipEntry[]> {
  const zip = await openZip(path);
  try {
    const entries = await listEntries(zip);
    let declared = 0;
    for (const e of entries) declared += e.uncompressedSize;
    if (declared > limits.maxUnzippedBytes) throw tooLarge(`declared ${declared} bytes uncompressed`);
    if (declared > 10 * 1024 * 1024 && declared / Math.max(1, fileSize) > limits.maxZipRatio) {
      throw tooLarge(`compression ratio ${(declared / fileSize).toFixed(0)}`);
    }
    for (const e of entries) {
      if (e.compressionMethod === 8 && !e.fileName.endsWith('/') && !e.isEncrypted()) await inflateWithinDeclared(zip, e);
    }
    return entries.map(toEntry);
  } finally {
    zip.close();
  }
}

/**
 * Inflates one entry to nowhere. Past its declared size: too large. Corrupt deflate data or a short entry pass
 * (the engine decides about a damaged part, as it would about a damaged image).
 */
async function inflateWithinDeclared(zip: yauzl.ZipFile, e: yauzl.Entry): Promise<void> {
  let stream: NodeJS.ReadableStream & { destroy(): void };
  try {
    stream = (await zip.openReadStreamPromise(e)) as typeof stream;
  } catch {
    return;
  }
  try {
    for await (const _ of stream);
  } catch (err) {
    if (/^too many bytes in the stream/.test((err as Error)?.message ?? '')) {
      throw tooLarge(`entry ${e.fileName} inflates past its declared ${e.uncompressedSize} bytes`);
    }
  } finally {
    stream.destroy();
  }
}

/** The bytes of one (small) entry: stored or deflated, at most `maxBytes` after inflating; undefined if unreadable. */
export async function readZipEntry(path: string, entry: ZipEntry, maxBytes = 4 * 1024 * 1024): Promise<Buffer | undefined> {
  if (entry.compressedSize > maxBytes * 4 || (entry.method !== 0 && entry.method !== 8) || entry.encrypted) return undefined;
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await openZip(path);
    for await (const e of zip.eachEntry()) {
      if (e.fileName !== entry.name) continue;
      const stream = await zip.openReadStreamPromise(e);
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const c of stream) {
          chunks.push(c as Buffer);
          size += (c as Buffer).length;
          if (size >= maxBytes) break;
        }
      } finally {
        stream.destroy();
      }
      return Buffer.concat(chunks).subarray(0, maxBytes);
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    zip?.close();
  }
}

/** What sniffing needs from zip bytes in memory. */
export interface ZipHead {
  /** entry names: the whole central directory when `complete`, else the local headers found in the bytes */
  names: string[];
  /** the text of a stored `mimetype` entry (ODF, EPUB) */
  mimetype?: string;
  complete: boolean;
}

/**
 * Entry names of zip bytes held in memory — the whole file, or only its head (an upload's first 64 KiB): the
 * central directory when the bytes hold it, else the local file headers in the order they come.
 */
export function zipHead(buf: Buffer, maxLocal = 200): ZipHead {
  // the central directory (fflate reads it synchronously); the filter only lists, except a small stored mimetype
  const names: string[] = [];
  let mimetype: string | undefined;
  // each central entry takes at least 46 bytes: a count beyond that is a false end record in compressed data
  const cap = Math.min(MAX_ENTRIES, Math.floor(buf.length / 46));
  try {
    const files = unzipSync(buf, {
      filter: (f) => {
        if (names.length >= cap || !f.name) throw new Error('not a central directory');
        names.push(f.name);
        return f.name === 'mimetype' && f.compression === 0 && f.size <= 200;
      },
    });
    if (files.mimetype) mimetype = Buffer.from(files.mimetype).toString('latin1');
    return { names, mimetype, complete: true };
  } catch {
    // no (readable) central directory in these bytes: the head of a zip
  }
  const local: string[] = [];
  const mime: Uint8Array[] = [];
  try {
    const unzip = new Unzip((file) => {
      if (local.length >= maxLocal) return;
      local.push(file.name);
      if (file.name === 'mimetype' && file.compression === 0) {
        file.ondata = (err, data) => {
          if (!err && data.length) mime.push(data);
        };
        file.start();
      }
    });
    unzip.push(buf, false);
  } catch {
    // garbage after the entries found so far
  }
  const m = mime.length ? Buffer.concat(mime).subarray(0, 200).toString('latin1') : undefined;
  return { names: local, mimetype: m, complete: false };
}
