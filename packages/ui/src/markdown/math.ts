import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

/** A formula found by the parser; the renderer turns it into KaTeX HTML after sanitising the rest. */
export interface MathItem {
  tex: string;
  display: boolean;
}

export interface MathEnv {
  math?: MathItem[];
  /** per-render marker, so user text can never forge a formula slot */
  mathNonce?: string;
}

/** Private-use characters frame the slot of formula n: plain text for the sanitiser, replaced afterwards. */
export const slot = (nonce: string, n: number) => `\uE000${nonce}:${n}\uE001`;

function push(env: MathEnv, tex: string, display: boolean): number {
  env.math ??= [];
  env.math.push({ tex, display });
  return env.math.length - 1;
}

const isWs = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** `$...$`, `$$...$$` (inline), `\(...\)` and `\[...\]` inside a paragraph. */
function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  const ch = src[start];
  let open: string;
  let close: string;
  let display = false;
  if (ch === '\\' && (src[start + 1] === '(' || src[start + 1] === '[')) {
    open = src.slice(start, start + 2);
    close = open === '\\(' ? '\\)' : '\\]';
    display = open === '\\[';
  } else if (ch === '$') {
    if (src[start + 1] === '$') {
      open = '$$';
      close = '$$';
      display = true;
    } else {
      open = '$';
      close = '$';
      // `$` followed by a space is a price, not a formula
      if (isWs(src[start + 1])) return false;
    }
  } else {
    return false;
  }
  let pos = start + open.length;
  let end = -1;
  while (pos < state.posMax) {
    const at = src.indexOf(close, pos);
    if (at < 0 || at >= state.posMax) break;
    // an escaped delimiter does not close
    let backslashes = 0;
    for (let i = at - 1; i >= 0 && src[i] === '\\'; i--) backslashes++;
    if (close === '$' && backslashes % 2 === 1) {
      pos = at + 1;
      continue;
    }
    if (close === '$' && (isWs(src[at - 1]) || /\d/.test(src[at + 1] ?? ''))) {
      pos = at + 1;
      continue;
    }
    end = at;
    break;
  }
  if (end < 0) return false;
  const tex = src.slice(start + open.length, end);
  if (!tex.trim()) return false;
  if (!silent) {
    const token = state.push('math_inline', 'math', 0);
    token.content = tex;
    token.markup = open;
    token.meta = { display };
  }
  state.pos = end + close.length;
  return true;
}

/** A block `$$ ... $$` or `\[ ... \]` starting a line (may span lines). */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const first = state.src.slice(pos, max);
  let open: string;
  let close: string;
  if (first.startsWith('$$')) {
    open = '$$';
    close = '$$';
  } else if (first.startsWith('\\[')) {
    open = '\\[';
    close = '\\]';
  } else {
    return false;
  }
  pos += open.length;
  let firstLine = state.src.slice(pos, max);
  let lastLine = '';
  let next = startLine;
  let found = false;
  if (firstLine.trim().endsWith(close)) {
    firstLine = firstLine.trim().slice(0, -close.length);
    found = true;
  }
  if (!found) {
    for (next = startLine + 1; next < endLine; next++) {
      pos = state.bMarks[next] + state.tShift[next];
      max = state.eMarks[next];
      if (pos < max && state.tShift[next] < state.blkIndent) break;
      const line = state.src.slice(pos, max).trim();
      if (line.endsWith(close)) {
        lastLine = line.slice(0, -close.length);
        found = true;
        break;
      }
    }
  }
  if (!found) return false;
  if (silent) return true;
  const body = [firstLine, ...(next > startLine + 1 ? [state.getLines(startLine + 1, next, state.tShift[startLine], false)] : []), lastLine].join('\n').trim();
  if (!body) return false;
  state.line = next + 1;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = body;
  token.markup = open;
  token.map = [startLine, state.line];
  return true;
}

/** Math syntax for markdown-it. Formulas become slots; KaTeX fills them after sanitising. */
export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx, _o, e) => {
    const env = (e ?? {}) as MathEnv;
    return slot(env.mathNonce ?? '', push(env, tokens[idx].content, Boolean(tokens[idx].meta?.display)));
  };
  md.renderer.rules.math_block = (tokens, idx, _o, e) => {
    const env = (e ?? {}) as MathEnv;
    return `<div class="wk-math-block">${slot(env.mathNonce ?? '', push(env, tokens[idx].content, true))}</div>\n`;
  };
}
