import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage, contentKey, assertSafeKey } from '../src/lib/storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function read(s: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('local storage', () => {
  const store = new LocalStorage(root);

  it('writes buffers and streams, reads them back, stats and deletes', async () => {
    expect(await store.put('a/b/one.txt', Buffer.from('你好'))).toBe(6);
    expect(await store.put('a/b/two.txt', Readable.from(['流', '式']))).toBe(6);
    expect(await read((await store.get('a/b/two.txt'))!)).toBe('流式');
    expect((await store.stat('a/b/one.txt'))?.size).toBe(6);
    expect(await store.get('missing.txt')).toBeUndefined();
    await store.delete('a/b/one.txt');
    expect(await store.exists('a/b/one.txt')).toBe(false);
    await store.deletePrefix('a/');
    expect(await store.exists('a/b/two.txt')).toBe(false);
  });

  it('reads a byte range (both ends included; an end past the file stops at its end)', async () => {
    await store.put('r/abc.txt', Buffer.from('0123456789'));
    expect(await read((await store.get('r/abc.txt', { start: 2, end: 4 }))!)).toBe('234');
    expect(await read((await store.get('r/abc.txt', { start: 8, end: 20 }))!)).toBe('89');
    expect(await store.get('r/missing.txt', { start: 0, end: 1 })).toBeUndefined();
  });

  it('leaves no partial file when a stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('x/broken.bin', failing)).rejects.toThrow('client went away');
    expect(await store.exists('x/broken.bin')).toBe(false);
    expect(fs.readdirSync(path.join(root, 'x'))).toEqual([]);
  });

  it('has no presigned URLs: the server serves local files itself', async () => {
    await store.put('p/a.txt', Buffer.from('a'));
    expect(await store.presignedGetUrl('p/a.txt', { expiresIn: 60, filename: 'a.txt' })).toBeUndefined();
    await expect(store.presignedGetUrl('../a.txt', { expiresIn: 60 })).rejects.toThrow('unsafe storage key');
    await store.deletePrefix('p');
  });

  it('refuses keys that escape the store', () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../../b', 'a\\b', '', 'a//b']) expect(() => assertSafeKey(bad)).toThrow();
  });

  it('content keys are derived from the hash', () => {
    expect(contentKey('0123456789abcdef0123456789abcdef', '.PDF')).toBe('documents/01/23/0123456789abcdef0123456789abcdef.pdf');
    expect(() => contentKey('../../x', 'pdf')).toThrow();
  });
});
