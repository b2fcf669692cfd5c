import type { CSSProperties } from 'react';
import type { TFileType } from '@wenku/contracts/enums';
import { fileTypeOfExt } from '@wenku/contracts/format';

/** Colour and short label of each file type (spec §3), as office suites show them. */
export const FILE_TYPE_STYLE: Readonly<Record<TFileType, { color: string; label: string; name: string }>> = {
  pdf: { color: '#e5484d', label: 'PDF', name: 'PDF' },
  word: { color: '#2b6cd4', label: 'W', name: 'Word' },
  ppt: { color: '#e8710a', label: 'P', name: 'PPT' },
  excel: { color: '#1f9d55', label: 'X', name: 'Excel' },
  text: { color: '#6b7785', label: 'TXT', name: '文本' },
  epub: { color: '#8e44ad', label: 'EPUB', name: 'EPUB' },
  mobi: { color: '#b7791f', label: 'MOBI', name: 'MOBI' },
  chm: { color: '#0f8b8d', label: 'CHM', name: 'CHM' },
  umd: { color: '#c2416c', label: 'UMD', name: 'UMD' },
  other: { color: '#86909c', label: 'DOC', name: '文档' },
};

export interface FileTypeIconProps {
  /** an extension ('pdf', '.docx') or a file name */
  ext: string | null | undefined;
  /** height in px; the width is 0.8 of it */
  size?: number;
  className?: string;
  style?: CSSProperties;
  /** accessible name; by default the type's name (e.g. "Word 文档") */
  title?: string;
}

/** A page with a folded corner in the colour of the file type, and the type's short label. */
export function FileTypeIcon({ ext, size = 32, className, style, title }: FileTypeIconProps) {
  const type = fileTypeOfExt(ext);
  const { color, label, name } = FILE_TYPE_STYLE[type];
  const fontSize = label.length >= 4 ? 8.5 : label.length === 3 ? 10 : 14;
  return (
    <svg
      className={['wk-file-icon', className].filter(Boolean).join(' ')}
      style={style}
      width={size * 0.8}
      height={size}
      viewBox="0 0 32 40"
      role="img"
      aria-label={title ?? `${name} 文档`}
      data-type={type}
    >
      <path d="M3 0h19l10 10v27a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3V3a3 3 0 0 1 3-3z" fill={color} />
      <path d="M22 0l10 10h-7a3 3 0 0 1-3-3z" fill="#fff" fillOpacity={0.45} />
      <text x="16" y="29" textAnchor="middle" fontSize={fontSize} fontWeight={700} fill="#fff" fontFamily="-apple-system, 'Segoe UI', Arial, sans-serif">
        {label}
      </text>
    </svg>
  );
}
