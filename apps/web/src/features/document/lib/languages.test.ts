import { describe, expect, it } from 'vitest';
import { languageOptions } from './languages';

describe('languageOptions', () => {
  it('lists the enabled languages only', () => {
    expect(
      languageOptions([
        { id: 1, language: '简体中文', code: 'zh-cn', enable: true, sort: 0 },
        { id: 2, language: 'English', code: 'en', enable: false, sort: 0 },
        { id: 3, language: '日本語', code: 'ja', enable: true, sort: 0 },
      ]),
    ).toEqual([
      { value: 'zh-cn', label: '简体中文' },
      { value: 'ja', label: '日本語' },
    ]);
  });
  it('falls back to 简体中文 when none is enabled', () => {
    expect(languageOptions([])).toEqual([{ value: 'zh-cn', label: '简体中文' }]);
    expect(languageOptions([{ id: 2, language: 'English', code: 'en', enable: false, sort: 0 }])).toEqual([{ value: 'zh-cn', label: '简体中文' }]);
  });
});
