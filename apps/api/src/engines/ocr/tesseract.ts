import { mkdir, readFile, rm, symlink, writeFile, readlink, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isConvertError } from '../convert/errors.js';
import { findExecutable, runProcess } from '../convert/process.js';
import { OcrError } from './errors.js';

const require = createRequire(import.meta.url);

/** A recognised page: its text (cleanOcrText) and tesseract's TSV, whose word boxes become the page's text layer. */
export interface RecognisedPage {
  text: string;
  tsv: string;
}

/** What recognises one page image: native tesseract (a process per page) or tesseract.js (one WASM worker per document). */
export interface PageEngine {
  /** what ran, for the admin: `tesseract 5.3.0`, `tesseract.js 7.0.0` */
  readonly label: string;
  /** `dpi`: the resolution the page was rendered at (lower than configured for a very large page) */
  recognise(png: Buffer, page: number, timeoutMs: number, dpi?: number): Promise<RecognisedPage>;
  close(): Promise<void>;
}

const CJK = '\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef\\u3000-\\u303f';
const CJK_GAP = new RegExp(`([${CJK}])[ \\t]+(?=[${CJK}])`, 'g');

/**
 * Tesseract sets a space between Chinese characters it reads as separate words ("扫描 文档"); Chinese has none, and
 * a space there would split words for jieba and the AI chunks. Lines are trimmed and blank runs collapsed.
 */
export function cleanOcrText(text: string): string {
  return text
    .replace(/\u0000/g, '')
    .replace(/\f/g, '\n')
    .replace(CJK_GAP, '$1')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

export const parseLanguages = (languages: string) => languages.split('+').filter(Boolean);

// ---------------------------------------------------------------- native

export interface NativeTesseract {
  path: string;
  version: string;
  languages: string[];
}

let nativeCache: Promise<NativeTesseract | undefined> | undefined;

/** `tesseract` on PATH (or at `bin`): its version and installed languages. Cached per process for the default binary. */
export function findNativeTesseract(bin = 'tesseract'): Promise<NativeTesseract | undefined> {
  const probe = async () => {
    const found = await findExecutable(bin);
    if (!found) return undefined;
    try {
      const v = await runProcess(found, ['--version'], { timeoutMs: 10_000, label: 'tesseract' });
      const version = /tesseract\s+v?([\d.]+)/i.exec(v.stdout + v.stderr)?.[1] ?? '';
      const l = await runProcess(found, ['--list-langs'], { timeoutMs: 10_000, label: 'tesseract' });
      const languages = (l.stdout + l.stderr)
        .split('\n')
        .slice(1)
        .map((s) => s.trim())
        .filter((s) => /^[A-Za-z0-9_]+$/.test(s));
      return { path: found, version, languages };
    } catch {
      return undefined;
    }
  };
  if (bin !== 'tesseract') return probe();
  nativeCache ??= probe();
  return nativeCache;
}

/** Native tesseract: one process per page, `OMP_THREAD_LIMIT=1` (one core per worker), killed at the page's time-out. */
export class NativeEngine implements PageEngine {
  readonly label: string;
  constructor(
    private readonly tool: NativeTesseract,
    private readonly languages: string,
    private readonly dpi: number,
    private readonly workDir: string,
  ) {
    this.label = `tesseract ${tool.version}`.trim();
    const missing = parseLanguages(languages).filter((l) => !tool.languages.includes(l));
    if (missing.length) {
      throw new OcrError(
        'language_missing',
        `原生 tesseract 没有安装语言包：${missing.join('、')}（已安装：${tool.languages.join('、') || '无'}）。请安装对应语言包（如 Debian 的 tesseract-ocr-chi-sim）或修改识别语言`,
      );
    }
  }

  async recognise(png: Buffer, page: number, timeoutMs: number, dpi = this.dpi): Promise<RecognisedPage> {
    const file = path.join(this.workDir, `page-${page}.png`);
    const base = path.join(this.workDir, `page-${page}`);
    await writeFile(file, png);
    try {
      // one run, two outputs: the text (page-N.txt) and the words with their boxes (page-N.tsv)
      const r = await runProcess(this.tool.path, [file, base, '-l', this.languages, '--dpi', String(Math.max(1, Math.round(dpi))), 'txt', 'tsv'], {
        timeoutMs,
        label: 'tesseract',
        cwd: this.workDir,
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      if (r.code !== 0) {
        const why = r.stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);
        throw new OcrError('engine_failed', `第 ${page} 页识别失败：tesseract 退出码 ${r.code ?? r.signal}${why ? `（${why}）` : ''}`, r.stderr);
      }
      const [text, tsv] = await Promise.all([readFile(`${base}.txt`, 'utf8'), readFile(`${base}.tsv`, 'utf8').catch(() => '')]);
      return { text: cleanOcrText(text), tsv };
    } catch (e) {
      if (isConvertError(e) && e.code === 'timeout') throw new OcrError('timeout', `第 ${page} 页识别超时（超过 ${seconds(timeoutMs)} 秒）`, e.detail);
      if (isConvertError(e)) throw new OcrError('engine_missing', '服务器未安装 tesseract', e.detail);
      throw e;
    } finally {
      await Promise.all([file, `${base}.txt`, `${base}.tsv`].map((f) => rm(f, { force: true })));
    }
  }

  async close(): Promise<void> {}
}

// ---------------------------------------------------------------- tesseract.js

/** Languages whose data ships as npm packages (@tesseract.js-data/<code>): no download at run time. */
export const BUNDLED_LANGUAGES = ['chi_sim', 'eng'] as const;

export function tesseractJsVersion(): string {
  try {
    return (require('tesseract.js/package.json') as { version: string }).version;
  } catch {
    return '';
  }
}

let langDir: Promise<string> | undefined;
/**
 * tesseract.js reads every language from one `langPath`, the npm packages keep each in its own folder: a private
 * folder of links to them (copies where links are refused). LSTM "best_int" data, the models tesseract.js prefers.
 */
function bundledLangPath(): Promise<string> {
  langDir ??= (async () => {
    const dir = path.join(os.tmpdir(), `wenku-tessdata-${process.getuid?.() ?? 0}`);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const code of BUNDLED_LANGUAGES) {
      const pkg = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
      const target = path.join(pkg, '4.0.0_best_int', `${code}.traineddata.gz`);
      const link = path.join(dir, `${code}.traineddata.gz`);
      const current = await readlink(link).catch(() => undefined);
      if (current === target) continue;
      await import('node:fs/promises').then((f) => f.rm(link, { force: true }));
      await symlink(target, link).catch(() => copyFile(target, link));
    }
    return dir;
  })().catch((e) => {
    langDir = undefined;
    throw e;
  });
  return langDir;
}

type TesseractWorker = {
  recognize(image: Buffer, options: object, output: { text: boolean; tsv: boolean }): Promise<{ data: { text: string; tsv: string | null } }>;
  terminate(): Promise<unknown>;
};

/**
 * tesseract.js (WASM in a worker thread) with the bundled language data: one worker per document (its language
 * models take a few seconds and ~100 MB to load), terminated after the document so memory goes back. A page past
 * its time-out terminates the worker; the next page starts a fresh one.
 */
export class TesseractJsEngine implements PageEngine {
  readonly label = `tesseract.js ${tesseractJsVersion()}`.trim();
  private worker?: Promise<TesseractWorker>;
  private generation = 0;

  constructor(private readonly languages: string) {
    const missing = parseLanguages(languages).filter((l) => !(BUNDLED_LANGUAGES as readonly string[]).includes(l));
    if (missing.length) {
      throw new OcrError(
        'language_missing',
        `内置 tesseract.js 只带 ${BUNDLED_LANGUAGES.join('、')} 语言数据，没有：${missing.join('、')}。请安装原生 tesseract 及其语言包，或修改识别语言`,
      );
    }
  }

  private start(): Promise<TesseractWorker> {
    this.worker ??= (async () => {
      const { createWorker } = (await import('tesseract.js')).default as unknown as {
        createWorker: (langs: string, oem: number, options: object, config: object) => Promise<TesseractWorker>;
      };
      try {
        return await createWorker(
          this.languages,
          1,
          { langPath: await bundledLangPath(), gzip: true, cacheMethod: 'none', errorHandler: () => undefined },
          // chi_sim's data asks for its vertical-text sub-language (chi_sim_vert), which is not bundled: tesseract.js
          // then fails to load a garbled language name and prints it on stderr
          { tessedit_load_sublangs: '' },
        );
      } catch (e) {
        throw new OcrError('engine_failed', 'tesseract.js 启动失败', e instanceof Error ? e.message : String(e));
      }
    })();
    const w = this.worker;
    w.catch(() => {
      if (this.worker === w) this.worker = undefined;
    });
    return w;
  }

  async recognise(png: Buffer, page: number, timeoutMs: number): Promise<RecognisedPage> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrError('timeout', `第 ${page} 页识别超时（超过 ${seconds(timeoutMs)} 秒）`)), timeoutMs);
    });
    try {
      // the language load counts against the first page's time as well: a stuck start must end too
      const generation = this.generation;
      // a worker closed by a time-out while it was still starting must not be used any more
      const work = this.start().then((w) =>
        generation === this.generation ? w.recognize(png, {}, { text: true, tsv: true }) : Promise.reject(new Error('closed')),
      );
      // after a time-out the worker is terminated under it: that late rejection is expected, not unhandled
      work.catch(() => undefined);
      const r = await Promise.race([work, timeout]);
      return { text: cleanOcrText(r.data.text), tsv: r.data.tsv ?? '' };
    } catch (e) {
      if (e instanceof OcrError && e.code === 'timeout') await this.close();
      if (e instanceof OcrError) throw e;
      throw new OcrError('engine_failed', `第 ${page} 页识别失败（tesseract.js）`, e instanceof Error ? e.message : String(e));
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.generation++;
    if (w) await w.then((x) => x.terminate()).catch(() => undefined);
  }
}
