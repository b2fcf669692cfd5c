// The markdown worker thread: renders articles (markdown-it + KaTeX + highlight.js + sanitize-html) and builds
// .docx exports off the API's event loop. The thread compiles TypeScript itself (tsx), so it runs the same modules
// under `tsx src/server.ts`, the worker entry and the test runner.
import { register } from 'tsx/esm/api';

register();
const { renderMarkdown } = await import('@wenku/ui/markdown');
const { markdownToDocx } = await import('./docx.ts');

export default async function run(task) {
  if (task.kind === 'render') return renderMarkdown(task.markdown, { docId: task.docId });
  if (task.kind === 'docx') return markdownToDocx(task.markdown, task.title);
  throw new Error(`unknown markdown task ${task.kind}`);
}
