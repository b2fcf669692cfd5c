export { renderMarkdown, markdownToText, markdownTokens, MARKDOWN_LIMITS } from './render';
export { sanitizeUserHtml, sanitizeKatexHtml, htmlToText } from './sanitize';
