/**
 * Retrieval quality arithmetic for the AI search's question set (test/fixtures/retrieval-questions.json): which
 * answers count as hits, recall@k and MRR@k per retrieval mode, split by language and document, and the printed
 * table. Pure: no database, no app — the quality suite (retrieval-quality.test.ts) feeds it what the API returned,
 * and retrieval-metrics.test.ts checks it on hand-made rankings.
 */

/** One question of the set: asked in `lang`, answered in document `doc` on `page` (or any of `pages`). */
export interface RetrievalQuestion {
  q: string;
  doc: string;
  page?: number;
  /** when the answer spans pages: every page that answers it */
  pages?: number[];
  lang: 'zh' | 'en';
}

/** One retrieved passage, its document already mapped to the question set's key (e.g. 'maint-guide'). */
export interface RankedPassage {
  doc: string;
  page: number;
}

export interface ModeMetrics {
  questions: number;
  /** questions with a hit in the top k */
  hits: number;
  /** hits / questions */
  recall: number;
  /** mean over questions of 1 / rank of the first hit in the top k (0 when none) */
  mrr: number;
}

export interface ModeReport extends ModeMetrics {
  k: number;
  byLang: Record<string, ModeMetrics>;
  byDoc: Record<string, ModeMetrics>;
  /** per question, in the set's order: rank of the first hit (1-based), 0 = none in the top k */
  ranks: number[];
}

export const QUESTION_DOCS = ['maint-guide', 'debian-faq'] as const;

/** The pages that answer a question. */
export function acceptablePages(q: RetrievalQuestion): number[] {
  return q.pages?.length ? q.pages : q.page !== undefined ? [q.page] : [];
}

/** Rank (1-based) of the first passage in the top k that is the right document on an acceptable page; 0 = none. */
export function firstHitRank(q: RetrievalQuestion, ranked: readonly RankedPassage[], k: number): number {
  const pages = acceptablePages(q);
  const i = ranked.slice(0, k).findIndex((p) => p.doc === q.doc && pages.includes(p.page));
  return i + 1;
}

function summarise(ranks: number[]): ModeMetrics {
  const n = ranks.length;
  const hits = ranks.filter((r) => r > 0).length;
  const rr = ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0);
  return { questions: n, hits, recall: n ? hits / n : 0, mrr: n ? rr / n : 0 };
}

function groupBy(questions: readonly RetrievalQuestion[], ranks: number[], key: (q: RetrievalQuestion) => string): Record<string, ModeMetrics> {
  const groups = new Map<string, number[]>();
  questions.forEach((q, i) => {
    const g = groups.get(key(q)) ?? [];
    g.push(ranks[i]);
    groups.set(key(q), g);
  });
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([g, r]) => [g, summarise(r)]));
}

/** recall@k and MRR@k of one mode: `results[i]` is what was retrieved for `questions[i]`, best first. */
export function evaluateMode(questions: readonly RetrievalQuestion[], results: readonly (readonly RankedPassage[])[], k = 5): ModeReport {
  if (results.length !== questions.length) throw new Error(`${results.length} result lists for ${questions.length} questions`);
  const ranks = questions.map((q, i) => firstHitRank(q, results[i], k));
  return { k, ...summarise(ranks), byLang: groupBy(questions, ranks, (q) => q.lang), byDoc: groupBy(questions, ranks, (q) => q.doc), ranks };
}

const CJK = /[\u3400-\u9fff]/;

/** Problems with a question set (empty = fine): fields, duplicates, a language that does not match the text. */
export function checkQuestions(list: unknown): string[] {
  const errors: string[] = [];
  if (!Array.isArray(list)) return ['not an array'];
  const seen = new Set<string>();
  list.forEach((raw, i) => {
    const q = raw as Partial<RetrievalQuestion>;
    const at = `#${i + 1}`;
    if (typeof q.q !== 'string' || q.q.trim().length < 4) errors.push(`${at}: no question`);
    else {
      if (seen.has(q.q)) errors.push(`${at}: asked twice: ${q.q}`);
      seen.add(q.q);
      if (q.lang === 'zh' && !CJK.test(q.q)) errors.push(`${at}: lang zh but no Chinese: ${q.q}`);
      if (q.lang === 'en' && CJK.test(q.q)) errors.push(`${at}: lang en but Chinese in it: ${q.q}`);
    }
    if (q.lang !== 'zh' && q.lang !== 'en') errors.push(`${at}: lang must be zh or en`);
    if (!QUESTION_DOCS.includes(q.doc as never)) errors.push(`${at}: unknown doc ${String(q.doc)}`);
    const pages = acceptablePages(q as RetrievalQuestion);
    if (!pages.length) errors.push(`${at}: no page`);
    if (pages.some((p) => !Number.isInteger(p) || p < 1)) errors.push(`${at}: bad page`);
    if (q.page !== undefined && q.pages !== undefined) errors.push(`${at}: page and pages both given`);
  });
  return errors;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The table the suite prints: one row per mode, then per language and per document. */
export function formatReport(reports: Record<string, ModeReport>): string {
  const modes = Object.keys(reports);
  if (!modes.length) return '(no results)';
  const k = reports[modes[0]].k;
  const rows: string[][] = [['mode', 'questions', `recall@${k}`, `MRR@${k}`]];
  for (const m of modes) rows.push([m, String(reports[m].questions), pct(reports[m].recall), reports[m].mrr.toFixed(3)]);
  for (const split of ['byLang', 'byDoc'] as const) {
    const groups = [...new Set(modes.flatMap((m) => Object.keys(reports[m][split])))];
    for (const g of groups)
      for (const m of modes) {
        const r = reports[m][split][g];
        if (r) rows.push([`${m} · ${g}`, String(r.questions), pct(r.recall), r.mrr.toFixed(3)]);
      }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
