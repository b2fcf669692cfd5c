import { describe, expect, it } from 'vitest';
import { FILE_TYPE_EXTS, extOf, fileTypeOfExt } from '../src';

describe('extOf', () => {
  it('takes the lower-case part after the last dot', () => {
    expect(extOf('x.DOCX')).toBe('docx');
    expect(extOf('.docx')).toBe('docx');
    expect(extOf('docx')).toBe('docx');
    expect(extOf('archive.tar.GZ')).toBe('gz');
    expect(extOf(' 报告.PDF ')).toBe('pdf');
    expect(extOf('name.')).toBe('');
    expect(extOf('')).toBe('');
  });
});

describe('fileTypeOfExt', () => {
  it('maps every listed extension to its type', () => {
    for (const [type, exts] of Object.entries(FILE_TYPE_EXTS)) {
      for (const ext of exts) {
        expect(fileTypeOfExt(ext)).toBe(type);
        expect(fileTypeOfExt(`.${ext.toUpperCase()}`)).toBe(type);
        expect(fileTypeOfExt(`some file.v2.${ext}`)).toBe(type);
      }
    }
  });

  it('accepts a file name, a dotted extension or a bare extension, in any case', () => {
    expect(fileTypeOfExt('x.DOCX')).toBe('word');
    expect(fileTypeOfExt('.docx')).toBe('word');
    expect(fileTypeOfExt('docx')).toBe('word');
    expect(fileTypeOfExt('年度报告.Pptx')).toBe('ppt');
    expect(fileTypeOfExt('data.CSV')).toBe('excel');
    expect(fileTypeOfExt('readme.txt')).toBe('text');
    expect(fileTypeOfExt('book.epub')).toBe('epub');
    expect(fileTypeOfExt('book.mobi')).toBe('mobi');
    expect(fileTypeOfExt('help.chm')).toBe('chm');
    expect(fileTypeOfExt('novel.umd')).toBe('umd');
    expect(fileTypeOfExt('a.pdf')).toBe('pdf');
  });

  it('is other for anything else', () => {
    expect(fileTypeOfExt('photo.jpg')).toBe('other');
    expect(fileTypeOfExt('notes.md')).toBe('other');
    expect(fileTypeOfExt('pdf.zip')).toBe('other');
    expect(fileTypeOfExt('docx.')).toBe('other');
    expect(fileTypeOfExt('README')).toBe('other');
    expect(fileTypeOfExt('')).toBe('other');
    expect(fileTypeOfExt(null)).toBe('other');
    expect(fileTypeOfExt(undefined)).toBe('other');
  });
});
