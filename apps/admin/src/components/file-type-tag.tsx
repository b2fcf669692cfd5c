import { Tag } from 'antd';
import { fileTypeOfExt, type TFileType } from '@wenku/contracts';

const COLORS: Record<TFileType, string> = {
  pdf: '#f5222d',
  word: '#1677ff',
  ppt: '#fa8c16',
  excel: '#52c41a',
  text: '#8c8c8c',
  epub: '#722ed1',
  mobi: '#722ed1',
  chm: '#13c2c2',
  umd: '#eb2f96',
  other: '#bfbfbf',
};

/** The extension as a small coloured tag, coloured by its file type (spec §3). */
export function FileTypeTag({ ext }: { ext: string }) {
  const e = ext.replace(/^\./, '').toUpperCase() || '?';
  return (
    <Tag
      color={COLORS[fileTypeOfExt(ext)]}
      style={{ fontSize: 11, lineHeight: '16px', padding: '0 5px', marginInlineEnd: 0, fontWeight: 600, minWidth: 40, textAlign: 'center' }}
    >
      {e}
    </Tag>
  );
}
