import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { convertDocument, type ConvertOptions, type ConvertResult, type ConvertedPage } from '../../src/engines/convert/index.js';

/** One temp root per test file; fixtures and job dirs live under it and go away in afterAll. */
export function tempRoot(name: string) {
  const root = mkdtempSync(join(tmpdir(), `wenku-convert-${name}-`));
  let n = 0;
  return {
    root,
    fixtures: join(root, 'fixtures'),
    jobDir: () => join(root, `job-${++n}`),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function convert(input: string, ext: string, workDir: string, opts: Partial<ConvertOptions> = {}): Promise<ConvertResult> {
  return convertDocument(input, ext, { workDir, maxPreviewPages: 3, gzip: false, timeoutMs: 90_000, ...opts });
}

/** A page image is an SVG document (gunzipped first when gzip was asked for). */
export function expectSvg(svg: Buffer, gzipped: boolean): string {
  if (gzipped) expect([svg[0], svg[1]]).toEqual([0x1f, 0x8b]);
  const text = (gzipped ? gunzipSync(svg) : svg).toString('utf8');
  expect(text.startsWith('<svg')).toBe(true);
  expect(text.trimEnd().endsWith('</svg>')).toBe(true);
  expect(text).toMatch(/viewBox="[\d. -]+"/);
  return text;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The cover is a PNG `width` pixels wide. */
export function expectCover(png: Buffer, width = 420): void {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.readUInt32BE(16)).toBe(width); // IHDR width
  expect(png.readUInt32BE(20)).toBeGreaterThan(0);
}

/** The shape every successful conversion must have. */
export function expectWellFormed(r: ConvertResult, opts: { pages?: number; preview: number; gzip?: boolean }): void {
  if (opts.pages !== undefined) expect(r.pages).toBe(opts.pages);
  expect(r.texts).toHaveLength(r.pages);
  expect(r.texts.map((t) => t.page)).toEqual(Array.from({ length: r.pages }, (_, i) => i + 1));
  const preview = opts.preview === 0 ? r.pages : Math.min(r.pages, opts.preview);
  expect(r.rendered).toHaveLength(preview);
  r.rendered.forEach((p, i) => {
    expect(p.page).toBe(i + 1);
    expect(p.width).toBeGreaterThan(0);
    expect(p.height).toBeGreaterThan(0);
    expect(p.text).toBe(r.texts[i]!.text);
    expectSvg(p.svg, !!opts.gzip);
    expectLayer(p);
  });
  expect(r.width).toBe(r.rendered[0]!.width);
  expect(r.height).toBe(r.rendered[0]!.height);
  expectCover(r.cover);
  // MuPDF.js, or native mutool for PDF and what becomes PDF (native.test.ts compares the two)
  expect(r.engine).toMatch(/(mupdf\.js|mutool) \d+\.\d+/);
}

const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * A rendered page's text layer: the page's size, every span inside the page box (a point of rounding allowed) with
 * a size, and the spans' text, in order, the page's extracted text modulo whitespace.
 */
export function expectLayer(p: ConvertedPage): void {
  expect(p.layer.width).toBeCloseTo(p.width, 1);
  expect(p.layer.height).toBeCloseTo(p.height, 1);
  for (const s of p.layer.spans) {
    expect(s.text).not.toBe('');
    expect(s.x).toBeGreaterThanOrEqual(-1);
    expect(s.y).toBeGreaterThanOrEqual(-1);
    expect(s.w).toBeGreaterThanOrEqual(0);
    expect(s.h).toBeGreaterThan(0);
    expect(s.x + s.w).toBeLessThanOrEqual(p.width + 1);
    expect(s.y + s.h).toBeLessThanOrEqual(p.height + 1);
  }
  // a page whose text the byte budget dropped still has its layer (the reader shows the page)
  if (p.text !== '') expect(squash(p.layer.spans.map((s) => s.text).join(''))).toBe(squash(p.text));
}

export const allText = (r: ConvertResult) => r.texts.map((t) => t.text).join('\n');

/** Processes whose command line mentions `needle` (to prove a killed job left nothing behind). */
export function processesMentioning(needle: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes(needle)) pids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return pids;
}
