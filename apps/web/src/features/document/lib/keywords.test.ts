import { describe, expect, it } from 'vitest';
import { keywordList } from './keywords';

describe('keywordList', () => {
  it('splits on commas of both widths and on spaces, blanks dropped', () => {
    expect(keywordList(' 论文，报告,教案  数学 ', 10)).toEqual(['论文', '报告', '教案', '数学']);
    expect(keywordList('', 10)).toEqual([]);
  });
  it('keeps at most max', () => {
    expect(keywordList('a,b,c,d,e,f', 5)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
