/**
 * The exact vector scan of 100 000 × 256 floats (the in-process matrix used on PostgreSQL without pgvector), on the
 * event loop (the baseline: `scanRows` inline) and split over the scan threads (`ScanPool`), in one run: time per
 * question alone, time per question with 8 questions at once, and the longest the event loop was held meanwhile
 * (what every other request waits). Run: node bench/vector-scan-bench.mjs  (BENCH_ROWS, BENCH_DIM, BENCH_QUERIES)
 */
import { ScanPool, scanRows } from '../src/modules/knowledge/vector-scan';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DIM = Number(process.env.BENCH_DIM ?? 256);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 60);
const CONCURRENT = 8;

let seed = 12345;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed / 2 ** 32);
const data = new Float32Array(new SharedArrayBuffer(ROWS * DIM * 4));
for (let i = 0; i < data.length; i++) data[i] = rand() * 2 - 1;
const questions = Array.from({ length: QUERIES }, () => Float32Array.from({ length: DIM }, () => rand() * 2 - 1));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function measure(name: string, scan: (q: Float32Array) => Promise<Float32Array>) {
  for (const q of questions.slice(0, 5)) await scan(q); // warm-up (JIT, threads started)
  const alone: number[] = [];
  // a timer ticking every millisecond: the longest gap between its runs is the longest the loop was held
  let last = performance.now();
  let maxGap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 1);
  const tick = () => new Promise((r) => setTimeout(r, 0)); // lets the timer run between questions, as a server does
  for (const q of questions) {
    const t0 = performance.now();
    await scan(q);
    alone.push(performance.now() - t0);
    await tick();
  }
  const t0 = performance.now();
  for (let i = 0; i < questions.length; i += CONCURRENT) {
    await Promise.all(questions.slice(i, i + CONCURRENT).map(scan));
    await tick();
  }
  const perQuestionConcurrent = (performance.now() - t0) / questions.length;
  clearInterval(ticker);
  return { name, p50: pct(alone, 50), p95: pct(alone, 95), perQuestionConcurrent, maxLoopDelay: maxGap };
}

const inline = await measure('inline (event loop)', async (q) => {
  const scores = new Float32Array(ROWS);
  scanRows(data, DIM, q, scores, 0, ROWS);
  return scores;
});
const pool = new ScanPool();
const threaded = await measure(`scan threads (${pool.threads})`, (q) => pool.scan(data, ROWS, DIM, q));
await pool.close();

const f = (x: number) => x.toFixed(1).padStart(8);
console.log(`${ROWS} rows × ${DIM} dims, ${QUERIES} questions`);
console.log('path                      p50 ms   p95 ms  ms/question(8 at once)  longest event-loop hold ms');
for (const r of [inline, threaded]) console.log(`${r.name.padEnd(24)}${f(r.p50)} ${f(r.p95)} ${f(r.perQuestionConcurrent)}               ${f(r.maxLoopDelay)}`);
console.log(
  `ratio threads / inline: p95 ${(threaded.p95 / inline.p95).toFixed(2)}, per question at 8 at once ${(threaded.perQuestionConcurrent / inline.perQuestionConcurrent).toFixed(2)}, event-loop hold ${(threaded.maxLoopDelay / inline.maxLoopDelay).toFixed(2)}`,
);
