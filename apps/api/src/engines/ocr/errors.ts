/** Why OCR of a document or a page failed: a Chinese message for the admin, a technical detail for logs. */
export type OcrErrorCode = 'engine_missing' | 'language_missing' | 'timeout' | 'render' | 'engine_failed' | 'unsupported';

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
