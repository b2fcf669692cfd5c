import type { Readable } from 'node:stream';

export interface PresignOptions {
  /** seconds the URL stays valid (S3 allows at most 7 days) */
  expiresIn: number;
  /** answer as an attachment with this file name (Content-Disposition) */
  filename?: string;
  /** answer with this Content-Type instead of the stored one */
  contentType?: string;
  /** answer with this Content-Encoding (a gzip-stored page image read as such) */
  contentEncoding?: string;
  /** answer with this Cache-Control */
  cacheControl?: string;
  /** the signature's date (default now): a URL signed again for a rewritten file must not be the one before */
  signingDate?: Date;
}

/** Bytes `start`..`end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files live. Keys are relative, slash-separated and chosen by the server (never by users):
 * `documents/ab/cd/<hash>.pdf`, `pages/<hash>/3.gzip.svg`, ...
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes a stream or buffer; returns the number of bytes written. Replaces an existing key. */
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string }): Promise<number>;
  /**
   * Opens a key for reading; undefined when it doesn't exist. With `range`, only the bytes `start`..`end` (both
   * included, as in HTTP's Range header; an end past the file stops at its end).
   */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every key below a prefix (a converted document's pages). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL that serves the key directly from the store, without passing through this server, for `expiresIn`
   * seconds; undefined where the store has no such URLs (local disk: serve the file yourself).
   */
  presignedGetUrl(key: string, opts: PresignOptions): Promise<string | undefined>;
}

/** Refuses keys that could climb out of the store or are not plain relative paths. */
export function assertSafeKey(key: string): string {
  if (!key || key.startsWith('/') || key.includes('\\') || key.split('/').some((p) => p === '..' || p === '.' || p === '') || key.includes('\0')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Content-addressed key for a file: one copy per hash. */
export function contentKey(hash: string, ext: string): string {
  if (!/^[a-f0-9]{32,64}$/.test(hash)) throw new Error('invalid content hash');
  const e = ext.replace(/^\./, '').toLowerCase();
  if (!/^[a-z0-9]{1,8}$/.test(e)) throw new Error('invalid extension');
  return `documents/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${e}`;
}
