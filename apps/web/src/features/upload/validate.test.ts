import { describe, expect, it } from 'vitest';
import { SUPPORTED_DOCUMENT_EXTS } from '@wenku/contracts/constants';
import { acceptOf, allowedExtensions, fileIdentity, maxBytesOf, titleFromName, validateFile } from './validate';

const MB = 1024 * 1024;

describe('allowedExtensions', () => {
  it('is every supported extension when the setting is empty', () => {
    expect(allowedExtensions([])).toEqual([...SUPPORTED_DOCUMENT_EXTS]);
  });
  it('keeps only supported ones from the setting, normalised', () => {
    expect(allowedExtensions(['PDF', '.docx', 'exe', 'pdf'])).toEqual(['pdf', 'docx']);
    // the API answers moredoc's form: the real list with dots
    expect(allowedExtensions(['.pdf', '.docx'])).toEqual(['pdf', 'docx']);
    expect(allowedExtensions(SUPPORTED_DOCUMENT_EXTS.map((e) => `.${e}`))).toEqual([...SUPPORTED_DOCUMENT_EXTS]);
  });
  it('falls back to all when nothing in the setting is supported', () => {
    expect(allowedExtensions(['exe'])).toHaveLength(SUPPORTED_DOCUMENT_EXTS.length);
  });
});

describe('validateFile', () => {
  const rules = { exts: ['pdf', 'docx'], maxBytes: maxBytesOf(2) };
  it('accepts an allowed file within the limit', () => {
    expect(validateFile({ name: '报告.PDF', size: MB }, rules)).toBeNull();
    expect(validateFile({ name: 'a.pdf', size: 2 * MB }, rules)).toBeNull();
  });
  it('explains each refusal in Chinese', () => {
    expect(validateFile({ name: 'README', size: 10 }, rules)).toBe('文件没有扩展名，无法识别文件类型');
    expect(validateFile({ name: 'a.exe', size: 10 }, rules)).toBe('不支持上传 .exe 文件');
    expect(validateFile({ name: 'a.pdf', size: 0 }, rules)).toBe('文件为空');
    expect(validateFile({ name: 'a.pdf', size: 2 * MB + 1 }, rules)).toBe('文件大小 2.00 MB 超过上限 2.00 MB');
    expect(validateFile({ name: 'a.pdf', size: 3 * MB }, rules)).toBe('文件大小 3.00 MB 超过上限 2.00 MB');
  });
});

describe('helpers', () => {
  it('maxBytesOf counts megabytes of 1024 × 1024 bytes', () => {
    expect(maxBytesOf(10)).toBe(10 * MB);
    expect(maxBytesOf(1)).toBe(1048576);
  });
  it('titleFromName drops the extension only', () => {
    expect(titleFromName('2024 年度报告.final.docx')).toBe('2024 年度报告.final');
    expect(titleFromName('.pdf')).toBe('.pdf');
    expect(titleFromName('  计划书.pdf ')).toBe('计划书');
  });
  it('acceptOf and fileIdentity', () => {
    expect(acceptOf(['pdf', 'txt'])).toBe('.pdf,.txt');
    expect(fileIdentity({ name: 'a', size: 1, lastModified: 2 })).not.toBe(fileIdentity({ name: 'a', size: 1, lastModified: 3 }));
  });
});
