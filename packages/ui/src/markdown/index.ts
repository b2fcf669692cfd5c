export { renderMarkdown, markdownToText, MARKDOWN_LIMITS } from './render';
export { sanitizeUserHtml, sanitizeKatexHtml, htmlToText } from './sanitize';
