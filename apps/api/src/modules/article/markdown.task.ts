import { renderMarkdown } from '@wenku/ui/markdown';
import { markdownToDocx } from './docx';

export type MarkdownTask = { kind: 'render'; markdown: string; docId: string } | { kind: 'docx'; markdown: string; title?: string };

/**
 * The work of one markdown thread task. Run by markdown.worker.mjs from the sources (which loads TypeScript through
 * tsx) and, in the build, bundled by itself into dist/markdown.worker.mjs (see apps/api/build.mjs).
 */
export default async function run(task: MarkdownTask): Promise<string | Uint8Array> {
  if (task.kind === 'render') return renderMarkdown(task.markdown, { docId: task.docId });
  if (task.kind === 'docx') return markdownToDocx(task.markdown, task.title);
  throw new Error(`unknown markdown task ${(task as { kind: string }).kind}`);
}
