import '@wenku/ui/markdown.css';

/** HTML from the shared markdown renderer (already sanitised there, on the server or in the editor). */
export function MarkdownView({ html, className }: { html: string; className?: string }) {
  return <div className={['wk-markdown', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}
