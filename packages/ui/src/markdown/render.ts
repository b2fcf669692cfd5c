// the API compiles this file with its own tsconfig, which would not see the module declarations otherwise
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./modules.d.ts" />
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import katex from 'katex';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { mathPlugin, slot, type MathEnv } from './math';
import { sanitizeKatexHtml, sanitizeUserHtml, htmlToText } from './sanitize';

for (const [name, lang] of Object.entries({
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  plaintext,
  python,
  ruby,
  rust,
  sql,
  swift,
  typescript,
  xml,
  yaml,
})) {
  hljs.registerLanguage(name, lang);
}
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['js', 'jsx', 'mjs'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['html', 'svg', 'vue'], { languageName: 'xml' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['text', 'txt'], { languageName: 'plaintext' });

/** Limits that keep one article from costing the server (or a reader's browser) too much. */
export const MARKDOWN_LIMITS = {
  /** characters of markdown rendered; the rest is cut */
  maxSource: 200_000,
  /** characters of one formula; longer ones are shown as code */
  maxFormula: 4_000,
  /** formulas rendered per article; the rest are shown as code */
  maxFormulas: 300,
  /** characters of one code block that are highlighted; longer ones are shown plain */
  maxHighlight: 50_000,
  /** KaTeX macro expansions per formula (stops \def loops) */
  maxExpand: 500,
  /** largest KaTeX size in em (\rule, \kern) */
  maxSize: 20,
} as const;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const md = new MarkdownIt({
  // user HTML is allowed through the parser and then cut down to a safe subset by the sanitiser
  html: true,
  linkify: true,
  typographer: false,
  breaks: false,
  highlight(code, lang) {
    const language = lang && hljs.getLanguage(lang) ? lang : '';
    if (!language || code.length > MARKDOWN_LIMITS.maxHighlight) return '';
    try {
      return hljs.highlight(code, { language, ignoreIllegals: true }).value;
    } catch {
      return '';
    }
  },
});
md.use(mathPlugin);
md.use(footnote);
// footnote ids carry a prefix so a note can never take the id of an element of the page itself
type FootnoteMeta = { id: number; subId: number };
md.renderer.rules.footnote_anchor_name = (tokens, idx, _o, env) => {
  const meta = tokens[idx].meta as FootnoteMeta;
  const docId = (env as { docId?: string } | undefined)?.docId;
  return `wkfn-${docId ? `${docId}-` : ''}${meta.id + 1}`;
};
md.renderer.rules.footnote_caption = (tokens, idx) => {
  const meta = tokens[idx].meta as FootnoteMeta;
  return `[${meta.id + 1}${meta.subId > 0 ? `:${meta.subId}` : ''}]`;
};
const defaultFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  // the language name lands in a class attribute: keep it to safe characters
  const info = tokens[idx].info.trim().split(/\s+/)[0] ?? '';
  tokens[idx].info = /^[\w+#-]{1,32}$/.test(info) ? info : '';
  return defaultFence(tokens, idx, options, env, self);
};

/** KaTeX HTML of formulas, memoised (the live preview re-renders on every keystroke). */
const katexCache = new Map<string, string>();
function renderFormula(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = katexCache.get(key);
  if (hit !== undefined) return hit;
  let html: string;
  if (tex.length > MARKDOWN_LIMITS.maxFormula) {
    html = `<code class="wk-math-source">${escapeHtml(tex)}</code>`;
  } else {
    try {
      html = katex.renderToString(tex, {
        displayMode: display,
        throwOnError: false,
        trust: false,
        strict: 'ignore',
        maxExpand: MARKDOWN_LIMITS.maxExpand,
        maxSize: MARKDOWN_LIMITS.maxSize,
        output: 'htmlAndMathml',
        errorColor: '#cc0000',
      });
    } catch {
      html = `<code class="wk-math-source">${escapeHtml(tex)}</code>`;
    }
    // KaTeX is run with trust off; its output is still cut to the tags and styles math needs
    html = sanitizeKatexHtml(html);
  }
  if (katexCache.size > 2000) katexCache.clear();
  katexCache.set(key, html);
  return html;
}

function nonce(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * Markdown → safe HTML. The one renderer of the product: the editor's live preview, the published article page and
 * the HTML served to crawlers all call this, so they show the same thing.
 *
 * Order matters: markdown-it renders (formulas become random-marked text slots), the sanitiser cuts the HTML down to an
 * allow-list, and only then are the slots replaced with KaTeX's (separately sanitised) output.
 */
export function renderMarkdown(source: string, opts: { docId?: string } = {}): string {
  const src = (source ?? '').slice(0, MARKDOWN_LIMITS.maxSource);
  if (!src.trim()) return '';
  const env: MathEnv & { docId?: string } = { mathNonce: nonce(), docId: opts.docId?.replace(/[^\w-]/g, '').slice(0, 32) || undefined };
  const raw = md.render(src, env as Record<string, unknown>);
  const clean = sanitizeUserHtml(raw);
  const items = env.math ?? [];
  if (!items.length) return clean;
  const marker = env.mathNonce!;
  return clean.replace(new RegExp(`\uE000${marker}:(\\d+)\uE001`, 'g'), (_: string, n: string) => {
    const i = Number(n);
    const item = items[i];
    if (!item) return '';
    if (i >= MARKDOWN_LIMITS.maxFormulas) return `<code class="wk-math-source">${escapeHtml(item.tex)}</code>`;
    return renderFormula(item.tex, item.display);
  });
}

/** Plain text of markdown (formulas as their TeX), whitespace collapsed: for descriptions, search and crawlers. */
export function markdownToText(source: string, maxChars = 100_000, opts: { summary?: boolean } = {}): string {
  const src = (source ?? '').slice(0, MARKDOWN_LIMITS.maxSource);
  if (!src.trim()) return '';
  const env: MathEnv = { mathNonce: nonce() };
  let raw = md.render(src, env as Record<string, unknown>);
  // a summary reads as prose: no headings, code blocks, tables or display formulas
  if (opts.summary) raw = raw.replace(/<(h[1-6]|pre|table)[^>]*>[\s\S]*?<\/\1>|<div class="wk-math-block">[\s\S]*?<\/div>/g, ' ');
  const items = env.math ?? [];
  const withTex = items.length
    ? raw.replace(new RegExp(`\uE000${env.mathNonce}:(\\d+)\uE001`, 'g'), (_: string, n: string) => ` ${escapeHtml(items[Number(n)]?.tex ?? '')} `)
    : raw;
  return htmlToText(withTex).slice(0, maxChars);
}

/** The parsed token stream (block tokens with inline children; formulas as math_inline / math_block), e.g. for export to Word. */
export function markdownTokens(source: string) {
  return md.parse((source ?? '').slice(0, MARKDOWN_LIMITS.maxSource), { mathNonce: '' });
}

export { slot };
