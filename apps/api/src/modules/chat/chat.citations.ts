/**
 * Citation marks in a streamed answer: `[n]` refers to the n-th reference (1-based). A model sometimes invents a
 * number; those marks are dropped so every mark a reader sees opens a real page. Deltas split marks anywhere
 * (`[`, `1`, `2]`), so a possible mark is held back until it is complete or clearly is not one.
 */
export class CitationFilter {
  private held = '';

  constructor(private readonly count: number) {}

  /** The text that may go out now. */
  push(delta: string): string {
    let text = this.held + delta;
    this.held = '';
    // hold a trailing `[` or `[12` (a mark not closed yet); at most a few digits, so plain text is never stuck
    const open = /\[(\d{0,3})$/.exec(text);
    if (open) {
      this.held = open[0];
      text = text.slice(0, open.index);
    }
    return this.clean(text);
  }

  /** The rest, at the end of the answer. */
  end(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }

  private clean(text: string): string {
    return text.replace(/\[(\d{1,3})\]/g, (mark, n: string) => (Number(n) >= 1 && Number(n) <= this.count ? mark : ''));
  }
}

/** The same on a whole text (an answer saved at once). */
export function cleanCitations(text: string, count: number): string {
  const f = new CitationFilter(count);
  return f.push(text) + f.end();
}
