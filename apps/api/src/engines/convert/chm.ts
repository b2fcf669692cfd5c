import { mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { ConvertError } from './errors.js';
import { findExecutable, runProcess } from './process.js';
import { decodeText, detectEncoding, htmlDeclaredCharset } from './text.js';

export interface ChmTools {
  extractChmLib?: string;
  sevenZip?: string;
}

export async function findChmExtractor(tools: ChmTools = {}): Promise<{ kind: 'extract_chmLib' | '7z'; path: string } | undefined> {
  const e = await findExecutable(tools.extractChmLib ?? 'extract_chmLib');
  if (e) return { kind: 'extract_chmLib', path: e };
  if (tools.sevenZip !== undefined) {
    const s = await findExecutable(tools.sevenZip);
    return s ? { kind: '7z', path: s } : undefined;
  }
  for (const name of ['7z', '7za', '7zz']) {
    const s = await findExecutable(name);
    if (s) return { kind: '7z', path: s };
  }
  return undefined;
}

/**
 * Unpacks a CHM's files into `outDir` with extract_chmLib (libchm-bin), or 7-Zip when that is what is installed.
 * A CHM is compressed (LZX), so it is a potential bomb: under `prlimit` (util-linux) no single file may exceed
 * `maxBytes`, and the unpacked total is checked afterwards.
 */
export async function extractChm(
  input: string,
  outDir: string,
  opts: { tools?: ChmTools; timeoutMs: number; signal?: AbortSignal; maxBytes: number },
): Promise<string> {
  const tool = await findChmExtractor(opts.tools);
  if (!tool) {
    throw new ConvertError('engine_missing', '服务器未安装 CHM 解包程序（extract_chmLib 或 7z），无法转换该文档', 'no CHM extractor');
  }
  await mkdir(outDir, { recursive: true });
  const args = tool.kind === 'extract_chmLib' ? [input, outDir] : ['x', '-y', '-bd', `-o${outDir}`, '--', input];
  const prlimit = await findExecutable('prlimit');
  const [cmd, argv] = prlimit ? [prlimit, [`--fsize=${opts.maxBytes}`, '--', tool.path, ...args]] : [tool.path, args];
  const r = await runProcess(cmd, argv, { timeoutMs: opts.timeoutMs, signal: opts.signal, label: tool.kind, cwd: outDir });
  // 7z exits 2 on archives it can only partly read; extract_chmLib exits 1 when the file is not a CHM
  const files = await listFiles(outDir);
  if (files.length === 0) throw new ConvertError('corrupt', 'CHM 文档已损坏，无法解包', `${tool.kind} exit ${r.code}: ${r.stderr.slice(-500)}`);
  let total = 0;
  for (const f of files) total += (await stat(join(outDir, f))).size;
  if (total > opts.maxBytes || r.signal === 'SIGXFSZ') throw new ConvertError('too_large', 'CHM 文档解压后过大，无法转换', `${total} bytes unpacked`);
  return tool.kind;
}

async function listFiles(dir: string, base = dir, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await listFiles(p, base, out);
    else if (e.isFile()) out.push(relative(base, p).split(sep).join('/'));
    if (out.length > 100_000) throw new ConvertError('too_large', 'CHM 文档内文件过多，无法转换', 'over 100000 files');
  }
  return out;
}

const HTML_RE = /\.html?$/i;
const SKIP_RE = /(^|\/)[#$]|^::/;

/** Decodes an HTML page by its declared charset, else by detection (old Chinese CHMs are mostly GB2312). */
function decodeHtml(buf: Buffer): string {
  const declared = htmlDeclaredCharset(buf.subarray(0, 2048).toString('latin1'));
  return decodeText(buf, declared ?? detectEncoding(buf)).text;
}

/**
 * The pages in reading order: the table of contents (.hhc sitemap: `<param name="Local" value="...">` in order)
 * when there is one, then any HTML page it did not mention, in path order.
 */
export async function chmPageOrder(root: string): Promise<string[]> {
  const files = (await listFiles(root)).filter((f) => !SKIP_RE.test(f));
  const html = files.filter((f) => HTML_RE.test(f)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const byLower = new Map(html.map((f) => [f.toLowerCase(), f]));
  const order: string[] = [];
  const seen = new Set<string>();
  const hhc = files.filter((f) => /\.hhc$/i.test(f)).sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (hhc) {
    const toc = decodeHtml(await readFile(join(root, hhc)));
    const re = /<param\s+name\s*=\s*["']?local["']?\s+value\s*=\s*["']([^"']+)["']/gi;
    for (let m = re.exec(toc); m; m = re.exec(toc)) {
      let target = m[1].trim().replace(/\\/g, '/');
      target = target.replace(/^ms-its:[^:]*::/i, '').replace(/^mk:@MSITStore:[^:]*::/i, '');
      target = target.split('#')[0].split('?')[0];
      try {
        target = decodeURIComponent(target);
      } catch {
        /* keep it raw */
      }
      const resolved = posix.normalize(posix.join(posix.dirname(hhc), target)).replace(/^\/+/, '');
      const f = byLower.get(resolved.toLowerCase()) ?? byLower.get(target.replace(/^\/+/, '').toLowerCase());
      if (f && !seen.has(f)) {
        seen.add(f);
        order.push(f);
      }
    }
  }
  for (const f of html) if (!seen.has(f)) order.push(f);
  return order;
}

const PAGE_BREAK = '<p style="page-break-before:always;margin:0"></p>';

/**
 * Joins the pages into one UTF-8 HTML file at the root of the extracted tree (so relative images still resolve),
 * each page starting on a new page. Scripts, ActiveX objects and frames are dropped.
 */
export async function buildChmHtml(root: string, maxChars: number): Promise<{ path: string; pages: number; title?: string }> {
  const order = await chmPageOrder(root);
  if (order.length === 0) throw new ConvertError('empty', 'CHM 文档中没有可显示的页面', 'no html pages');
  const realRoot = await realpath(root);
  const styles: string[] = [];
  const bodies: string[] = [];
  let total = 0;
  let title: string | undefined;
  for (const rel of order) {
    const file = join(root, rel);
    const real = await realpath(file).catch(() => '');
    if (!real.startsWith(realRoot + sep)) continue;
    const html = decodeHtml(await readFile(file));
    title ??= /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() || undefined;
    for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) styles.push(m[1]);
    let body = /<body[^>]*>([\s\S]*?)(<\/body>|$)/i.exec(html)?.[1] ?? html;
    body = body
      .replace(/<script[\s\S]*?<\/script>/gi, '')
      .replace(/<object[\s\S]*?<\/object>/gi, '')
      .replace(/<(iframe|frameset|frame|embed|applet)[\s\S]*?(<\/\1>|\/?>)/gi, '')
      .replace(/<style[\s\S]*?<\/style>/gi, '')
      .replace(/<link[^>]*>/gi, '');
    const dir = posix.dirname(rel);
    // relative image paths were relative to the page; the joined file sits at the root
    body = body.replace(/(<img[^>]*?\ssrc\s*=\s*)(["'])([^"']+)\2/gi, (all, pre: string, q: string, src: string) => {
      if (/^[a-z][\w+.-]*:|^\/\/|^#/i.test(src)) return all;
      const p = posix.normalize(posix.join(dir, src.replace(/\\/g, '/')));
      if (p.startsWith('..')) return `${pre}${q}${q}`;
      return `${pre}${q}${p}${q}`;
    });
    body = body.replace(/(<a[^>]*?)\shref\s*=\s*(["'])(?![a-z][\w+.-]*:\/\/)[^"']*\2/gi, '$1');
    total += body.length;
    if (total > maxChars) throw new ConvertError('too_large', 'CHM 文档内容过多，无法转换', `over ${maxChars} chars of HTML`);
    bodies.push(body);
  }
  const out = join(root, '__wenku_joined__.html');
  const head =
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${(title ?? '').replace(/[<&]/g, '')}</title>` +
    `<style>body{font-family:"Noto Serif CJK SC","Noto Sans CJK SC","WenQuanYi Zen Hei",serif}</style>` +
    (styles.length ? `<style>${styles.join('\n').replace(/<\/style/gi, '')}</style>` : '') +
    '</head><body>';
  await writeFile(out, `${head}\n${bodies.join(`\n${PAGE_BREAK}\n`)}\n</body></html>`);
  return { path: out, pages: bodies.length, title };
}
