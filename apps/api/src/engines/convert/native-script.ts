import { fileURLToPath } from 'node:url';
import { ConvertError, type ConvertErrorCode } from './errors.js';
import type { NativeMutool } from './native-mutool.js';
import type { RunResult } from './process.js';

/**
 * The protocol of `mutool-render.js` (MuJS inside mutool): its arguments, the JSON lines it prints, and what its
 * failures mean, in the worker's codes and Chinese messages.
 */

// found the way the worker is: next to the sources (tsx, vitest), and copied beside dist/server.js by apps/api/build.mjs
export const SCRIPT = fileURLToPath(new URL('./mutool-render.js', import.meta.url));

/** One page as the script reports it: bounds, its image file, where its text went (1: l<n>.json, 2: text.txt), warnings. */
export type PageLine = { n: number; b?: [number, number, number, number]; svg?: string; txt?: 1 | 2; warn?: string[] };

/** An outline entry as the script resolves it: page 0-based (-1: nowhere in the document), y from the page's top. */
export type ScriptOutlineItem = { title: string; page: number; y?: number; down?: ScriptOutlineItem[] };

export type ScriptLine =
  | { t: 'doc'; pages: number; title?: string }
  | { t: 'outline'; items: ScriptOutlineItem[] }
  | ({ t: 'page' } & PageLine)
  | { t: 'pages'; list: PageLine[] }
  | { t: 'cover' }
  | { t: 'end' }
  | { t: 'error'; reason: string; detail?: string };

/** MuPDF's allocation failures under the address-space cap of prlimit. */
const OOM = /malloc|out of memory|cannot allocate|memory exhausted/i;

export interface ScriptArgs {
  input: string;
  kind: 'pdf' | 'xps';
  out: string;
  maxPreviewPages: number;
  coverWidth: number;
  maxPages: number;
  /** preview pages' structured text (their text layer and text) in a file of their own, l<n>.json */
  layers: boolean;
  /** the marker after each page in text.txt */
  nonce: string;
  /** false: no page images and no cover (text, layers and outline only) */
  images: boolean;
}

/**
 * The command line: `mutool run mutool-render.js …`, line-buffered by stdbuf when there (pages stream as written)
 * and under prlimit's address-space cap when there.
 */
export function scriptCommand(mutool: NativeMutool, a: ScriptArgs, memoryMb: number): { command: string; args: string[] } {
  const args = [
    'run',
    SCRIPT,
    a.input,
    a.kind,
    a.out,
    String(a.maxPreviewPages),
    String(a.coverWidth),
    String(a.maxPages),
    a.layers ? '1' : '0',
    a.nonce,
    a.images ? '1' : '0',
  ];
  let command = mutool.path;
  if (mutool.stdbuf) {
    args.unshift('-oL', command);
    command = mutool.stdbuf;
  }
  if (mutool.prlimit) {
    args.unshift(`--as=${memoryMb * 1024 * 1024}`, '--', command);
    command = mutool.prlimit;
  }
  return { command, args };
}

/** A line of the script's stdout, or undefined when it is not one of its JSON lines. */
export function parseLine(line: string): ScriptLine | undefined {
  try {
    return JSON.parse(line) as ScriptLine;
  } catch {
    return undefined;
  }
}

/** The script's failure reasons as the worker reports the same failures (code and Chinese message). */
export function scriptError(reason: string, detail: string | undefined, maxPages: number, maxPagesMessage?: string): ConvertError {
  const known: Record<string, [ConvertErrorCode, string]> = {
    encrypted: ['encrypted', '文档已加密，无法转换'],
    open: ['corrupt', '文档已损坏，无法打开'],
    empty: ['empty', '文档没有内容（0 页）'],
    pages: ['too_large', maxPagesMessage || `文档页数过多（上限 ${maxPages} 页）`],
    page1: ['corrupt', '文档已损坏，无法打开'],
    size: ['corrupt', '文档页面尺寸无效'],
    render1: ['corrupt', '文档首页无法渲染'],
    memory: ['too_large', '文档过大，转换时内存不足'],
  };
  const [code, message] = known[reason] ?? ['corrupt', '文档已损坏，无法转换'];
  return new ConvertError(code, message, reason === 'page1' ? `page 1: ${detail}` : detail);
}

/** mutool ended without its `end` line: the address-space cap (a failed allocation outside a page, a stack that could not grow) or a crash. */
export function diedError(mutool: NativeMutool, res: RunResult): ConvertError {
  const tail = res.stderr.slice(-500);
  const how = `mutool ${res.signal ?? `exit ${res.code}`}: ${tail}`;
  if (OOM.test(res.stderr) || (mutool.prlimit && res.signal === 'SIGSEGV')) return new ConvertError('too_large', '文档过大，转换时内存不足', how);
  return new ConvertError('corrupt', '文档转换失败', how);
}

/** MuPDF's own messages on stderr, as the worker collects them from MuPDF.js's log (50 at most). */
export function engineWarnings(stderr: string): string[] {
  return (
    stderr
      .split('\n')
      .map((l) => l.replace(/^(warning|error): /, '').trim())
      // Debian's build says this on every start (it is built without lcms2); nothing about the document
      .filter((l) => l !== '' && !/ICC support is not available/.test(l))
      .slice(0, 50)
  );
}
