import type { TFileType } from '@wenku/contracts/enums';
import { extOf, fileTypeOfExt } from '@wenku/contracts/format';
import './ext-badge.css';

const COLORS: Record<TFileType, string> = {
  pdf: '#e5484d',
  word: '#2b6de5',
  ppt: '#e8702a',
  excel: '#1f9d55',
  text: '#6b7280',
  epub: '#8b5cf6',
  mobi: '#8b5cf6',
  chm: '#0ea5a4',
  umd: '#0ea5a4',
  other: '#94a3b8',
};

/** A small coloured badge with the file extension (PDF red, Word blue, ...). */
export function ExtBadge({ ext }: { ext: string }) {
  const e = extOf(ext || '') || '?';
  return (
    <span className="wk-ext-badge" style={{ background: COLORS[fileTypeOfExt(e)] }}>
      {e}
    </span>
  );
}
