import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { ByteCache } from '../../lib/byte-cache';
import type { Storage } from '../../lib/storage';
import type { OutlineItem, TextLayer } from '../../engines/convert';

const gzip = promisify(gzipCb);

/**
 * What the stored layers look like. A conversion records the version it stored (conversions.layers); the backfill
 * job gives older conversions (0: none) theirs, and a later change of the format would raise this.
 */
export const LAYER_VERSION = 1;

/** A page's text layer is stored beside its image, gzipped JSON in the served shape `{ page, width, height, spans }`. */
export const layerKey = (hash: string, page: number) => `pages/${hash}/${page}.layer.json.gz`;
/** The document's outline (bookmarks, table of contents), plain JSON beside the pages. */
export const outlineKey = (hash: string) => `pages/${hash}/outline.json`;

/** The stored bytes of a page's layer. */
export function encodeLayer(page: number, layer: TextLayer): Promise<Buffer> {
  return gzip(JSON.stringify({ page, width: layer.width, height: layer.height, spans: layer.spans }));
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

/**
 * The text layers and outline of converted files, in the storage under `pages/<hash>/` with the page images (so a
 * new conversion's `deletePrefix` and `removeOutputs` take them too), read through the page-bytes cache.
 */
export class TextLayerStore {
  constructor(
    private readonly storage: Storage,
    private readonly bytes: ByteCache,
  ) {}

  /** Writes the layers of these pages and the outline (none: an empty list). */
  async put(hash: string, pages: { page: number; layer: TextLayer }[], outline?: OutlineItem[]): Promise<void> {
    for (const p of pages) {
      await this.storage.put(layerKey(hash, p.page), await encodeLayer(p.page, p.layer), { contentType: 'application/json' });
    }
    if (outline) await this.storage.put(outlineKey(hash), Buffer.from(JSON.stringify(outline)), { contentType: 'application/json' });
  }

  /** A page's layer as stored (gzipped JSON), or undefined. Held in memory after the first read. */
  async open(hash: string, page: number): Promise<Buffer | undefined> {
    return this.read(layerKey(hash, page));
  }

  /** The document's outline; [] when it has none (or its conversion predates outlines). */
  async outline(hash: string): Promise<OutlineItem[]> {
    const b = await this.read(outlineKey(hash));
    if (!b) return [];
    try {
      const items = JSON.parse(b.toString('utf8')) as unknown;
      return Array.isArray(items) ? (items as OutlineItem[]) : [];
    } catch {
      return [];
    }
  }

  private async read(key: string): Promise<Buffer | undefined> {
    const held = this.bytes.get(key);
    if (held) return held;
    const stream = await this.storage.get(key);
    if (!stream) return undefined;
    const body = await readAll(stream as AsyncIterable<Buffer>);
    this.bytes.set(key, body);
    return body;
  }
}
