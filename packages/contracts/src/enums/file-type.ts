import type { TEnumOption } from './enum-option';

/** Document file types, decided by extension (spec §3); see `fileTypeOfExt` in format/. */
export const FileType = {
  Pdf: 'pdf',
  Word: 'word',
  Ppt: 'ppt',
  Excel: 'excel',
  Text: 'text',
  Epub: 'epub',
  Mobi: 'mobi',
  Chm: 'chm',
  Umd: 'umd',
  Other: 'other',
} as const;
export type TFileType = (typeof FileType)[keyof typeof FileType];

/** Extensions (lower case, no dot) of each type; anything not listed is `other`. */
export const FILE_TYPE_EXTS: Readonly<Record<Exclude<TFileType, 'other'>, readonly string[]>> = {
  pdf: ['pdf'],
  word: ['doc', 'docx', 'rtf', 'wps', 'odt', 'dot'],
  ppt: ['ppt', 'pptx', 'pps', 'ppsx', 'dps', 'odp', 'pot'],
  excel: ['xls', 'xlsx', 'et', 'ods', 'csv', 'tsv'],
  text: ['txt'],
  epub: ['epub'],
  mobi: ['mobi'],
  chm: ['chm'],
  umd: ['umd'],
};

export const FILE_TYPE_OPTIONS = [
  { value: FileType.Pdf, label: 'PDF' },
  { value: FileType.Word, label: 'Word' },
  { value: FileType.Ppt, label: 'PPT' },
  { value: FileType.Excel, label: 'Excel' },
  { value: FileType.Text, label: '文本' },
  { value: FileType.Epub, label: 'EPUB' },
  { value: FileType.Mobi, label: 'MOBI' },
  { value: FileType.Chm, label: 'CHM' },
  { value: FileType.Umd, label: 'UMD' },
  { value: FileType.Other, label: '其他' },
] as const satisfies readonly TEnumOption<TFileType>[];
