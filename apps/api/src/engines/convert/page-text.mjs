// @ts-check
// Page text rules shared by both render paths (the MuPDF.js worker and native mutool), so a document stores the
// same text whichever engine converted it. Plain ESM JavaScript: the worker thread loads it without TypeScript.

/** Line ends normalised, trailing blanks dropped, runs of blank lines collapsed to one. @param {string} text */
export function cleanText(text) {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The `maxTextBytes` budget over a document's pages, taken in page order: a page's text is kept whole or not at
 * all, and once one page does not fit, no later page is kept either (the stored text stays a prefix).
 */
export class TextBudget {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.max = maxBytes;
    this.used = 0;
    this.truncated = false;
  }

  /** Whether anything can still be kept; when not, the text counts as truncated and extraction can be skipped. */
  get open() {
    if (this.used < this.max) return true;
    this.truncated = true;
    return false;
  }

  /** The page's text if it fits in what is left, else '' (and nothing after it fits). @param {string} text */
  take(text) {
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > this.max) {
      this.truncated = true;
      this.used = this.max;
      return '';
    }
    this.used += bytes;
    return text;
  }
}
