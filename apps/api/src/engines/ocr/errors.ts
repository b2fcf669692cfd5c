/** Why OCR of a document or a page failed: a Chinese message for the admin, a technical detail for logs. */
export type OcrErrorCode =
  | 'engine_missing'
  | 'language_missing'
  | 'timeout'
  | 'render'
  | 'engine_failed'
  | 'unsupported'
  /** a page box no real page has */
  | 'page_size'
  /** the document's own time cap was reached (what was read is kept) */
  | 'document_timeout'
  /** the uploader's daily time was used up (what was read is kept) */
  | 'budget';

export class OcrError extends Error {
  constructor(
    readonly code: OcrErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'OcrError';
  }
}
