import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ByteRange, type PresignOptions, type Storage } from './types';

/** Files under one folder on local disk. Writes go to a temp file first and are renamed into place. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private file(key: string) {
    return path.join(this.root, ...assertSafeKey(key).split('/'));
  }

  async put(key: string, body: Readable | Buffer): Promise<number> {
    const dest = this.file(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fsp.rename(tmp, dest);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    return (await fsp.stat(dest)).size;
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const f = this.file(key);
    try {
      await fsp.access(f);
    } catch {
      return undefined;
    }
    return fs.createReadStream(f, range && { start: range.start, end: range.end });
  }

  async stat(key: string) {
    try {
      const s = await fsp.stat(this.file(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  async exists(key: string) {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string) {
    await fsp.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string) {
    await fsp.rm(this.file(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }

  /** Local disk has no presigned URLs: the server serves the file itself. */
  async presignedGetUrl(key: string, _opts: PresignOptions): Promise<string | undefined> {
    assertSafeKey(key);
    return undefined;
  }
}
