import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acceptablePages, checkQuestions, evaluateMode, firstHitRank, formatReport, type RetrievalQuestion } from './retrieval-metrics';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const mg = (page: number) => ({ doc: 'maint-guide', page });
const faq = (page: number) => ({ doc: 'debian-faq', page });

describe('retrieval metrics', () => {
  const q1: RetrievalQuestion = { q: '如何构建不签名的软件包？', doc: 'maint-guide', page: 44, lang: 'zh' };
  const q2: RetrievalQuestion = { q: 'Where do release code names come from?', doc: 'debian-faq', pages: [30, 31], lang: 'en' };
  const q3: RetrievalQuestion = { q: 'Which tool uploads the package?', doc: 'maint-guide', page: 57, lang: 'en' };

  it('a hit is the right document on an acceptable page, within the top k', () => {
    expect(acceptablePages(q1)).toEqual([44]);
    expect(acceptablePages(q2)).toEqual([30, 31]);
    expect(firstHitRank(q1, [mg(3), mg(44)], 5)).toBe(2);
    // the right page of the wrong document is no hit
    expect(firstHitRank(q1, [faq(44)], 5)).toBe(0);
    expect(firstHitRank(q2, [faq(29), faq(31), faq(30)], 5)).toBe(2);
    // beyond k does not count
    expect(firstHitRank(q1, [mg(1), mg(2), mg(3), mg(4), mg(5), mg(44)], 5)).toBe(0);
    expect(firstHitRank(q1, [], 5)).toBe(0);
  });

  it('recall@k and MRR@k, overall and split by language and document', () => {
    const r = evaluateMode([q1, q2, q3], [[mg(44)], [faq(1), faq(2), faq(31)], [mg(1)]], 5);
    expect(r.ranks).toEqual([1, 3, 0]);
    expect(r.hits).toBe(2);
    expect(r.recall).toBeCloseTo(2 / 3, 10);
    expect(r.mrr).toBeCloseTo((1 + 1 / 3 + 0) / 3, 10);
    expect(r.byLang.zh).toEqual({ questions: 1, hits: 1, recall: 1, mrr: 1 });
    expect(r.byLang.en.recall).toBe(0.5);
    expect(r.byLang.en.mrr).toBeCloseTo(1 / 6, 10);
    expect(r.byDoc['maint-guide']).toEqual({ questions: 2, hits: 1, recall: 0.5, mrr: 0.5 });
    expect(() => evaluateMode([q1], [], 5)).toThrow(/1 questions/);
    expect(evaluateMode([], [], 5)).toMatchObject({ questions: 0, recall: 0, mrr: 0 });
  });

  it('prints one row per mode and per split', () => {
    const reports = {
      keyword: evaluateMode([q1, q3], [[mg(2)], [mg(57)]], 5),
      hybrid: evaluateMode([q1, q3], [[mg(44)], [mg(57)]], 5),
    };
    const table = formatReport(reports);
    expect(table.split('\n')[0]).toMatch(/^mode\s+questions\s+recall@5\s+MRR@5$/);
    expect(table).toMatch(/keyword\s+2\s+50\.0%\s+0\.500/);
    expect(table).toMatch(/hybrid\s+2\s+100\.0%\s+1\.000/);
    expect(table).toContain('hybrid · zh');
    expect(table).toContain('keyword · maint-guide');
  });

  it('finds what is wrong with a question set', () => {
    expect(checkQuestions([q1, q2, q3])).toEqual([]);
    expect(checkQuestions({})).toEqual(['not an array']);
    const bad = checkQuestions([
      { q: 'Hm?', doc: 'maint-guide', page: 1, lang: 'en' },
      { q: '这是中文问题吗', doc: 'maint-guide', page: 2, lang: 'en' },
      { q: 'An English question', doc: 'maint-guide', page: 2, lang: 'zh' },
      { q: 'Which document is this from?', doc: 'other', page: 0, lang: 'fr' },
      { q: 'Which document is this from?', doc: 'debian-faq', lang: 'en' },
      { q: 'Both page and pages are given', doc: 'debian-faq', page: 1, pages: [1, 2], lang: 'en' },
    ]);
    expect(bad).toEqual([
      '#1: no question',
      '#2: lang en but Chinese in it: 这是中文问题吗',
      '#3: lang zh but no Chinese: An English question',
      '#4: lang must be zh or en',
      '#4: unknown doc other',
      '#4: bad page',
      '#5: asked twice: Which document is this from?',
      '#5: no page',
      '#6: page and pages both given',
    ]);
  });
});

describe('the question set (test/fixtures/retrieval-questions.json)', () => {
  const questions = JSON.parse(fs.readFileSync(path.join(HERE, 'fixtures/retrieval-questions.json'), 'utf8')) as RetrievalQuestion[];

  it('is well formed: 40+ questions, Chinese and English, both documents, spread over the pages', () => {
    expect(checkQuestions(questions)).toEqual([]);
    expect(questions.length).toBeGreaterThanOrEqual(40);
    for (const lang of ['zh', 'en']) expect(questions.filter((q) => q.lang === lang).length).toBeGreaterThanOrEqual(15);
    const mgPages = new Set(questions.filter((q) => q.doc === 'maint-guide').flatMap(acceptablePages));
    // the guide's 63 pages: questions from the first chapter to the appendix
    expect(Math.min(...mgPages)).toBeLessThanOrEqual(10);
    expect(Math.max(...mgPages)).toBeGreaterThanOrEqual(60);
    expect(mgPages.size).toBeGreaterThanOrEqual(40);
    // a question answered on several pages names at most three
    for (const q of questions) expect(acceptablePages(q).length).toBeLessThanOrEqual(3);
  });
});
