/** The document filters that the category lists and the search both offer, and how a URL value is read back. */

/** File type groups (→ `ext` of GET /document/list and GET /document/search). */
export const EXT_OPTIONS = [
  { value: '', label: '全部' },
  { value: 'pdf', label: 'PDF' },
  { value: 'word', label: 'Word' },
  { value: 'ppt', label: 'PPT' },
  { value: 'excel', label: 'Excel' },
  { value: 'text', label: '文本' },
  { value: 'other', label: '其他' },
] as const;
export type ExtOption = (typeof EXT_OPTIONS)[number]['value'];

/** → `fee_type` */
export const FEE_OPTIONS = [
  { value: '', label: '全部' },
  { value: 'free', label: '免费' },
  { value: 'charge', label: '付费' },
] as const;
export type FeeOption = (typeof FEE_OPTIONS)[number]['value'];

/** A URL parameter's value when it is one of the options, else the fallback. */
export const optionOf = <T extends string>(options: readonly { value: T }[], v: string | null, fallback: T): T =>
  v !== null && options.some((o) => o.value === v) ? (v as T) : fallback;
