import { describe, expect, it } from 'vitest';
import { recommendWords } from './recommend-words';

describe('recommendWords', () => {
  it('splits on half- and full-width commas and drops blanks', () => {
    expect(recommendWords('论文， 报告,,教案 ')).toEqual(['论文', '报告', '教案']);
    expect(recommendWords('')).toEqual([]);
    expect(recommendWords(' , ，')).toEqual([]);
  });

  it("takes the list the API answers (moredoc's type), trimmed, without blanks or repeats", () => {
    expect(recommendWords(['论文', ' 报告 ', '', '论文'])).toEqual(['论文', '报告']);
    expect(recommendWords([])).toEqual([]);
    expect(recommendWords(undefined)).toEqual([]);
  });
});
