import { readFile } from 'node:fs/promises';
import { TextBudget, cleanText } from './page-text.mjs';

/**
 * The text of a natively rendered document, page by page, under the `maxTextBytes` budget. A page's text comes
 * either in a file of its own (a preview page whose text onPage wants with its image: counted at once) or in the
 * document's text.txt, each page followed by the marker "<nonce>p<n>e" (read once mutool has ended). Counting runs in
 * page order, so from the first page whose text is in text.txt on, it waits for the end.
 */
export class NativeTexts {
  readonly budget: TextBudget;
  /** the kept text of pages 1..counted */
  readonly texts: string[] = [];
  private readonly raw: (string | undefined)[] = [];
  private readonly loaded: boolean[] = [];
  private counted = 0;
  private deferring = false;

  constructor(maxTextBytes: number) {
    this.budget = new TextBudget(maxTextBytes);
  }

  /** pages reported so far */
  get pages(): number {
    return this.loaded.length;
  }

  /** Whether reading another page's own text file is worth it (the budget is not spent). */
  get wanted(): boolean {
    return this.budget.used < this.budget.max;
  }

  /** The next page in order: whether it loaded, its own file's text, and whether its text is in text.txt. */
  add(loaded: boolean, text: string | undefined, inDocText: boolean): void {
    this.loaded.push(loaded);
    this.raw.push(text);
    if (inDocText) this.deferring = true;
    if (!this.deferring) this.count(this.loaded.length);
  }

  /** A page's kept text, '' while it is still waiting for text.txt. */
  text(page: number): string {
    return this.texts[page - 1] ?? '';
  }

  /** Whether some pages wait for text.txt. */
  get pending(): boolean {
    return this.counted < this.loaded.length;
  }

  /** Once mutool has ended: the text of the pages still waiting, from text.txt. */
  async finish(path: string, nonce: string): Promise<void> {
    if (!this.pending) return;
    const all = await readFile(path, 'utf8').catch(() => '');
    let from = 0;
    for (let at = all.indexOf(nonce); at !== -1; at = all.indexOf(nonce, from)) {
      const m = /^p(\d+)e/.exec(all.slice(at + nonce.length, at + nonce.length + 12));
      if (!m) break;
      const index = Number(m[1]) - 1;
      if (index >= this.counted && index < this.raw.length) this.raw[index] = all.slice(from, at);
      from = at + nonce.length + m[0].length;
    }
    this.count(this.loaded.length);
  }

  private count(upTo: number) {
    for (; this.counted < upTo; this.counted++) {
      let text = '';
      const raw = this.raw[this.counted];
      // a page that could not be loaded has no text and counts nothing (as in the worker)
      if (this.loaded[this.counted] && this.budget.open) text = this.budget.take(raw !== undefined ? cleanText(raw) : '');
      this.texts[this.counted] = text;
      this.raw[this.counted] = undefined;
    }
  }
}
