import { extOf, formatBytes } from '@wenku/contracts/format';
import { SUPPORTED_DOCUMENT_EXTS } from '@wenku/contracts/constants';

/** ZCreateDocumentsBody accepts at most this many documents at once. */
export const MAX_FILES_PER_SUBMIT = 50;

/** Extensions one may upload: settings.security.document_allowed_ext when set (and supported), else all supported ones. */
export function allowedExtensions(allowed: readonly string[]): string[] {
  const supported = SUPPORTED_DOCUMENT_EXTS as readonly string[];
  const list = allowed.map(extOf).filter((e) => supported.includes(e));
  return list.length ? [...new Set(list)] : [...supported];
}

/** The size limit in bytes of settings.security.max_document_size (MB). */
export const maxBytesOf = (maxMb: number) => maxMb * 1024 * 1024;

/** `accept` attribute of the file input: `.pdf,.docx,...` */
export const acceptOf = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',');

/** Checked before anything is sent; returns the reason in Chinese, or null when the file may go. */
export function validateFile(file: { name: string; size: number }, rules: { exts: readonly string[]; maxBytes: number }): string | null {
  const ext = file.name.includes('.') ? extOf(file.name) : '';
  if (!ext) return '文件没有扩展名，无法识别文件类型';
  if (!rules.exts.includes(ext)) return `不支持上传 .${ext} 文件`;
  if (file.size <= 0) return '文件为空';
  if (file.size > rules.maxBytes) return `文件大小 ${formatBytes(file.size)} 超过上限 ${formatBytes(rules.maxBytes)}`;
  return null;
}

/** Default document title: the file name without its extension. */
export function titleFromName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim();
  return (base || name).slice(0, 255);
}

/** A stable identity for "the same file picked twice". */
export const fileIdentity = (f: { name: string; size: number; lastModified?: number }) => `${f.name}\u0000${f.size}\u0000${f.lastModified ?? 0}`;
