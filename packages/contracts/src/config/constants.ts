/** Every document extension the converter takes. */
export const SUPPORTED_DOCUMENT_EXTS = [
  'pdf',
  'doc',
  'docx',
  'rtf',
  'wps',
  'odt',
  'dot',
  'ppt',
  'pptx',
  'pps',
  'ppsx',
  'dps',
  'odp',
  'pot',
  'xls',
  'xlsx',
  'et',
  'ods',
  'csv',
  'tsv',
  'txt',
  'epub',
  'mobi',
  'chm',
  'umd',
] as const;

/**
 * The extensions one may upload under `security.document_allowed_ext`: the stored list, or every supported
 * extension when it is empty (no restriction).
 */
export function effectiveAllowedExts(stored: readonly string[]): string[] {
  return stored.length ? [...stored] : [...SUPPORTED_DOCUMENT_EXTS];
}
