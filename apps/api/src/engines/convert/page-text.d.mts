/** Types of page-text.mjs (plain JavaScript, so the MuPDF worker thread can load it without TypeScript). */
export declare function cleanText(text: string): string;
export declare class TextBudget {
  constructor(maxBytes: number);
  readonly max: number;
  used: number;
  truncated: boolean;
  /** whether anything can still be kept; when not, the text counts as truncated */
  get open(): boolean;
  /** the page's text if it fits in what is left, else '' */
  take(text: string): string;
}
