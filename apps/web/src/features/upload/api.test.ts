import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from 'hash-wasm';
import type { TAttachment } from '@wenku/contracts/schemas';
import { jsonResponse, stubApi } from '../../test/fetch';
import { uploadDocumentFile } from './api';

const content = new TextEncoder().encode('%PDF-1.4 the bytes of a document the server already holds');
const attachment: TAttachment = {
  id: 7,
  hash: 'b'.repeat(64),
  user_id: 1,
  type: 2,
  type_id: 0,
  enable: true,
  name: 'a.pdf',
  size: content.byteLength,
  ext: 'pdf',
  description: '',
  created_at: '2026-01-01T00:00:00.000Z',
};
const events = () => ({ onHash: vi.fn(), onChecking: vi.fn(), onUpload: vi.fn() });

afterEach(() => vi.unstubAllGlobals());

describe('uploadDocumentFile: instant upload (秒传)', () => {
  it('answers the server’s challenge with the digest of the ranges it asked for, and gets the attachment without uploading', async () => {
    const ranges = [
      { offset: 20, length: 10 },
      { offset: 0, length: 5 },
    ];
    const bodies: Record<string, unknown>[] = [];
    const fetchMock = stubApi((u, init) => {
      if (u.pathname !== '/api/v1/upload/document/check') return undefined;
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      if (!body.proof) return jsonResponse({ exists: true, attachment: null, challenge: { token: 'signed-token', ranges } });
      return sha256(new Uint8Array([...content.slice(20, 30), ...content.slice(0, 5)])).then((want) =>
        jsonResponse(
          body.proof === want && body.challenge === 'signed-token' ? { exists: true, attachment } : { exists: true, attachment: null, challenge: null },
        ),
      );
    });
    // the file as the page hands it over (jsdom's Blob cannot read itself: its slices are read from the bytes)
    const file = {
      name: 'a.pdf',
      size: content.byteLength,
      type: 'application/pdf',
      slice: (start: number, end: number) => ({ arrayBuffer: async () => content.slice(start, end).buffer }),
    } as unknown as File;
    const ev = events();
    const r = await uploadDocumentFile(file, ev, new AbortController().signal);
    expect(r).toEqual({ attachment, instant: true });
    expect(bodies).toHaveLength(2);
    const whole = await sha256(content);
    expect(bodies[0]).toEqual({ hash: whole, name: 'a.pdf', size: content.byteLength });
    expect(bodies[1]).toMatchObject({ hash: whole, challenge: 'signed-token' });
    expect(ev.onUpload).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.every(([url]) => !String(url).endsWith('/upload/document'))).toBe(true);
  });
});
