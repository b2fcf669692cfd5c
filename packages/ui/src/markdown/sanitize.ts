import sanitizeHtml from 'sanitize-html';

/**
 * Allow-list sanitising with sanitize-html: the same code in the browser (preview, article page) and in Node
 * (crawler HTML, tests). Anything not listed here — scripts, event handlers, iframes, forms, SVG/MathML from users,
 * style attributes, `javascript:`/`data:` URLs — is removed.
 */

const SAFE_SCHEMES = ['http', 'https', 'mailto'];
const ID_PATTERN = /^fn(ref)?wkfn-[\w-]{1,48}(:\d+)?$/;

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href.trim());
}

const USER_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'kbd',
    'abbr',
    'small',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
    'figure',
    'figcaption',
    'details',
    'summary',
    'section',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'id', 'rel', 'target', 'class'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['style', 'colspan', 'rowspan'],
    td: ['style', 'colspan', 'rowspan'],
    ol: ['start', 'class'],
    li: ['id', 'class'],
    sup: ['id', 'class'],
    abbr: ['title'],
    // only tags with a class allow-list below may carry a class (sanitize-html passes any class on other tags)
    code: ['class'],
    pre: ['class'],
    span: ['class'],
    div: ['class'],
    section: ['class'],
    hr: ['class'],
  },
  allowedClasses: {
    code: ['language-*', 'hljs', 'wk-math-source'],
    pre: ['hljs'],
    span: ['hljs', 'hljs-*', 'language-*'],
    div: ['wk-math-block'],
    section: ['footnotes'],
    ol: ['footnotes-list'],
    li: ['footnote-item'],
    sup: ['footnote-ref'],
    a: ['footnote-backref'],
    hr: ['footnotes-sep'],
  },
  // table cell alignment from markdown (`| :-: |`) is the only inline style users get
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.class) out.class = attribs.class;
      if (attribs.id && ID_PATTERN.test(attribs.id)) out.id = attribs.id;
      if (attribs.href && isExternal(attribs.href)) {
        out.rel = 'nofollow noopener noreferrer ugc';
        out.target = '_blank';
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, loading: 'lazy' };
      for (const k of ['width', 'height']) if (out[k] && !/^\d{1,4}%?$/.test(out[k])) delete out[k];
      return { tagName, attribs: out };
    },
    li: (tagName, attribs) => ({ tagName, attribs: idFilter(attribs) }),
    sup: (tagName, attribs) => ({ tagName, attribs: idFilter(attribs) }),
  },
};

function idFilter(attribs: Record<string, string>): Record<string, string> {
  const out = { ...attribs };
  if (out.id && !ID_PATTERN.test(out.id)) delete out.id;
  return out;
}

/** User HTML (rendered markdown) cut down to the safe subset. */
export function sanitizeUserHtml(html: string): string {
  return sanitizeHtml(html, USER_POLICY);
}

// KaTeX draws with inline styles of lengths and colours; nothing else may pass (no url(), no expression()).
const CSS_VALUE = /^(?!.*(url|expression|javascript|image-set|@import|\\))[-\w.%#(),\s+*/]{0,120}$/i;
const KATEX_STYLES = Object.fromEntries(
  [
    'height',
    'width',
    'min-width',
    'max-width',
    'vertical-align',
    'margin',
    'margin-left',
    'margin-right',
    'margin-top',
    'margin-bottom',
    'top',
    'bottom',
    'left',
    'padding-left',
    'border',
    'border-width',
    'border-style',
    'border-color',
    'border-bottom-width',
    'border-top-width',
    'border-right-width',
    'border-right-style',
    'color',
    'background-color',
  ].map((p) => [p, [CSS_VALUE]]),
);
KATEX_STYLES.position = [/^(relative|absolute)$/];

const MATHML = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'mlabeledtr',
];
const MATHML_ATTRS = [
  'display',
  'mathvariant',
  'mathcolor',
  'mathbackground',
  'mathsize',
  'displaystyle',
  'scriptlevel',
  'fence',
  'stretchy',
  'separator',
  'accent',
  'accentunder',
  'movablelimits',
  'lspace',
  'rspace',
  'minsize',
  'maxsize',
  'width',
  'height',
  'depth',
  'voffset',
  'columnalign',
  'columnlines',
  'columnspacing',
  'rowspacing',
  'rowlines',
  'rowalign',
  'frame',
  'notation',
  'linethickness',
];

const KATEX_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['span', 'code', 'svg', 'path', 'line', ...MATHML],
  allowedAttributes: {
    span: ['class', 'style', 'aria-hidden', 'title'],
    code: ['class'],
    math: ['xmlns', 'display'],
    annotation: ['encoding'],
    svg: ['xmlns', 'width', 'height', 'viewbox', 'viewBox', 'preserveaspectratio', 'preserveAspectRatio', 'style'],
    path: ['d'],
    line: ['x1', 'y1', 'x2', 'y2', 'stroke-width'],
    ...Object.fromEntries(MATHML.filter((t) => t !== 'math' && t !== 'annotation').map((t) => [t, MATHML_ATTRS])),
  },
  allowedStyles: { '*': KATEX_STYLES },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
};

/** KaTeX output (from untrusted TeX, trust off) cut to the tags, attributes and styles math rendering needs. */
export function sanitizeKatexHtml(html: string): string {
  return sanitizeHtml(html, KATEX_POLICY);
}

/** Text of an HTML fragment, tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|h[1-6]|li|tr|pre|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'annotation'],
  });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
