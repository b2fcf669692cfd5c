import { describe, expect, it } from 'vitest';
import { itemsToStart, newItem, submitState, uploadReducer, type UploadItem } from './state';

const file = (name: string) => new File(['x'], name);

describe('uploadReducer / submitState', () => {
  it('adds, patches and removes items', () => {
    let s: UploadItem[] = [];
    s = uploadReducer(s, { type: 'add', items: [newItem('a', file('a.pdf')), newItem('b', file('b.exe'), '不支持上传 .exe 文件')] });
    expect(s.map((i) => i.phase)).toEqual(['queued', 'error']);
    expect(submitState(s)).toEqual({ ready: 0, busy: 1, failed: 1, canSubmit: false });
    s = uploadReducer(s, { type: 'patch', key: 'a', patch: { phase: 'done', attachment: { id: 1 } as UploadItem['attachment'] } });
    expect(submitState(s)).toEqual({ ready: 1, busy: 0, failed: 1, canSubmit: true });
    s = uploadReducer(s, { type: 'remove', key: 'a' });
    expect(s.map((i) => i.key)).toEqual(['b']);
    expect(uploadReducer(s, { type: 'reset' })).toEqual([]);
  });
  it('cannot submit while something is still hashing or uploading', () => {
    const s = [
      { ...newItem('a', file('a.pdf')), phase: 'done' as const, attachment: { id: 1 } as UploadItem['attachment'] },
      { ...newItem('b', file('b.pdf')), phase: 'uploading' as const },
    ];
    expect(submitState(s).canSubmit).toBe(false);
  });
});

describe('itemsToStart', () => {
  it('keeps at most two pipelines running, in order', () => {
    const q = (k: string, phase: UploadItem['phase']) => ({ ...newItem(k, file(`${k}.pdf`)), phase });
    expect(itemsToStart([q('a', 'queued'), q('b', 'queued'), q('c', 'queued')]).map((i) => i.key)).toEqual(['a', 'b']);
    expect(itemsToStart([q('a', 'uploading'), q('b', 'queued'), q('c', 'queued')]).map((i) => i.key)).toEqual(['b']);
    expect(itemsToStart([q('a', 'hashing'), q('b', 'checking'), q('c', 'queued')])).toEqual([]);
    expect(itemsToStart([q('a', 'done'), q('b', 'error'), q('c', 'queued')]).map((i) => i.key)).toEqual(['c']);
  });
  it('marks refused files as not retryable', () => {
    expect(newItem('x', file('x.exe'), '不支持上传 .exe 文件').rejected).toBe(true);
    expect(newItem('y', file('y.pdf')).rejected).toBe(false);
  });
});
