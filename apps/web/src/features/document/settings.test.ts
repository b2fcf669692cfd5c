import { describe, expect, it } from 'vitest';
import type { TSettings } from '@wenku/contracts';
import { toDocumentSettings } from './settings';

describe('toDocumentSettings', () => {
  it('fills the defaults when settings are missing', () => {
    const s = toDocumentSettings(undefined);
    expect(s.pagesPerRead).toBe(5);
    expect(s.indexDocumentStyle).toBe('card');
    expect(s.creditName).toBe('积分');
    expect(s.watermark).toEqual({ enabled: false, text: '文库' });
    expect(s.maxDocumentMb).toBe(50);
    expect(s.languages).toEqual([{ code: 'zh-cn', label: '简体中文' }]);
  });
  it('reads the sections', () => {
    const s = toDocumentSettings({
      system: { sitename: '魔豆', credit_name: '魔豆币', enable_watermark: true, watermark: '' },
      display: { pages_per_read: 3, index_document_style: 'list' },
      security: { max_document_size: 20, document_allowed_ext: ['pdf'] },
      language: [
        { id: 1, language: '简体中文', code: 'zh-cn', enable: true, sort: 0 },
        { id: 2, language: 'English', code: 'en', enable: false, sort: 0 },
      ],
    } as unknown as TSettings);
    expect(s.pagesPerRead).toBe(3);
    expect(s.indexDocumentStyle).toBe('list');
    expect(s.creditName).toBe('魔豆币');
    expect(s.watermark).toEqual({ enabled: true, text: '魔豆' });
    expect(s.maxDocumentBytes).toBe(20 * 1024 * 1024);
    expect(s.allowedExts).toEqual(['pdf']);
    expect(s.languages).toEqual([{ code: 'zh-cn', label: '简体中文' }]);
  });
});
