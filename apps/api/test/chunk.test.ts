import { describe, expect, it } from 'vitest';
import { keywordTerms, selective } from '../src/modules/knowledge/retrieval';
import { CHUNK_MAX_TOKENS, CHUNK_OVERLAP_TOKENS, CHUNK_TARGET_TOKENS, chunkPages, splitSentences } from '../src/modules/knowledge/chunk';
import { bestSnippet, countTokens } from '../src/lib/text';

/** The pure chunker: token estimate, sentence split, page-keeping chunks with a bounded size and an overlap. */
describe('countTokens', () => {
  it('counts a CJK character as one token, a Latin word as about 1.3, digits in threes', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('文库系统')).toBe(4);
    expect(countTokens('hello world')).toBe(3); // 2 × 1.3
    expect(countTokens('123456')).toBe(2);
    expect(countTokens('你好，world！')).toBe(2 + 1 + 2 + 1); // 你 好 ， world(1.3) ！ → 5.3 → 6
    expect(countTokens('internationalization')).toBe(5); // 20 letters / 4
    expect(countTokens('   \n\t ')).toBe(0);
  });
});

describe('splitSentences', () => {
  it('cuts after Chinese and Latin sentence ends, keeping closing quotes, decimals and abbreviations whole', () => {
    expect(splitSentences('今天下雨。明天呢？“会晴的！”他说；好吧')).toEqual(['今天下雨。', '明天呢？', '“会晴的！”', '他说；', '好吧']);
    expect(splitSentences('Pi is 3.14 exactly. Is it? Yes! Fine')).toEqual(['Pi is 3.14 exactly.', 'Is it?', 'Yes!', 'Fine']);
  });
});

const sentence = (i: number) => `第${i}句讲的是文库系统如何把文档切分成段落并保留页码以便引用。`;

describe('chunkPages', () => {
  it('skips empty pages and keeps each chunk on its page', () => {
    const chunks = chunkPages([
      { page: 1, text: '第一页的内容。' },
      { page: 2, text: '   \n  ' },
      { page: 3, text: '' },
      { page: 4, text: 'Page four has English text.' },
    ]);
    expect(chunks.map((c) => c.page)).toEqual([1, 4]);
    expect(chunks.map((c) => c.seq)).toEqual([0, 1]);
    expect(chunks[0].content).toBe('第一页的内容。');
    expect(chunks[1].content).toContain('Page four has English text.');
  });

  it('joins lines broken inside a Chinese paragraph and packs paragraphs up to the target', () => {
    const page = '这是第一段，\n被换行切开了。\n\n这是第二段。';
    const [c] = chunkPages([{ page: 1, text: page }]);
    expect(c.content).toBe('这是第一段，被换行切开了。这是第二段。');
    expect(c.tokens).toBe(countTokens(c.content));
  });

  it('splits long text by sentences within the size limits, with an overlap, covering every sentence', () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join('');
    const chunks = chunkPages([
      { page: 1, text },
      { page: 2, text: '第二页很短。' },
    ]);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(CHUNK_MAX_TOKENS);
    for (const c of chunks.slice(0, -2)) expect(c.tokens).toBeGreaterThan(CHUNK_TARGET_TOKENS / 2);
    for (let i = 0; i < 60; i++) expect(chunks.some((c) => c.content.includes(sentence(i)))).toBe(true);
    // each chunk after the first begins with the end of the one before, and never cuts a sentence
    for (let i = 1; i < chunks.length - 1; i++) {
      const lead = chunks[i].content.slice(0, 10);
      expect(chunks[i - 1].content).toContain(lead);
      expect(chunks[i].content.startsWith('第')).toBe(true);
    }
    expect(chunks.at(-1)).toMatchObject({ page: 2 });
    expect(chunks.at(-1)!.content.endsWith('第二页很短。')).toBe(true);
  });

  it('cuts a run-on text with no sentence end by tokens', () => {
    const text = '字'.repeat(1000);
    const chunks = chunkPages([{ page: 7, text }]);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const c of chunks) {
      expect(c.page).toBe(7);
      expect(c.tokens).toBeLessThanOrEqual(CHUNK_TARGET_TOKENS + CHUNK_OVERLAP_TOKENS);
    }
    const fresh = chunks.reduce((n, c, i) => n + c.content.length - (i ? CHUNK_OVERLAP_TOKENS : 0), 0);
    expect(fresh).toBe(1000);
  });

  it('sizes English in words, not characters', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const para = Array.from({ length: 400 }, (_, i) => words[i % 5]).join(' ') + '.';
    const chunks = chunkPages([{ page: 1, text: para }]);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(CHUNK_TARGET_TOKENS + CHUNK_OVERLAP_TOKENS);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks[1].content.split(' ').length).toBeGreaterThan(180); // ~1.3 tokens a word
  });
});

describe('bestSnippet and keywordTerms', () => {
  it('drops stop words and punctuation, keeping jieba search-cut words', () => {
    const terms = keywordTerms('请问，量子纠缠是什么？');
    expect(terms).toContain('量子');
    expect(terms).toContain('纠缠');
    for (const stop of ['请问', '是', '什么', '，', '？']) expect(terms).not.toContain(stop);
    expect(keywordTerms('What is the Raft protocol?')).toEqual(['raft', 'protocol']);
  });

  it('centres the snippet on the window holding the most question words', () => {
    const text = `${'无关的开头。'.repeat(10)}量子出现一次。${'填充文字。'.repeat(20)}量子纠缠在这里同时出现。${'结尾。'.repeat(20)}`;
    const s = bestSnippet(text, ['量子', '纠缠'], 40);
    expect(s).toContain('量子纠缠在这里');
    expect(s.startsWith('…')).toBe(true);
    expect(bestSnippet('短文本', ['量子'])).toBe('短文本');
  });
});

describe('selective: which words pick keyword candidates in a large library', () => {
  it('leaves out the words at the cap (too common) and keeps the order of the rest', () => {
    expect(selective(['debian', '软件包', '维护者'], [5001, 120, 40], 5001)).toEqual(['软件包', '维护者']);
    expect(selective(['a', 'b'], [3, 4], 10)).toEqual(['a', 'b']);
  });

  it('when every word is common, the two rarest select (ties by question order)', () => {
    expect(selective(['x', 'y', 'z'], [900, 500, 500], 500)).toEqual(['y', 'z']);
    expect(selective(['x', 'y', 'z'], [900, 700, 800], 500)).toEqual(['y', 'z']);
    expect(selective(['only'], [1000], 10)).toEqual(['only']);
  });
});
