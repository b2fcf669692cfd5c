import { renderMarkdown } from '@wenku/ui/markdown';
import { CHAT_IMAGE_WIDTH } from './lib';

/**
 * An answer as a PNG 640px wide (spec §9): the markdown is rendered into an off-screen box of that width, drawn by
 * html-to-image (loaded on first use) and removed again.
 */
export async function answerToPng(markdown: string, footer: string): Promise<string> {
  const { toPng } = await import('html-to-image');
  const box = document.createElement('div');
  box.className = 'wk-chat-export';
  box.style.cssText = `position:fixed;left:-10000px;top:0;width:${CHAT_IMAGE_WIDTH}px;`;
  const body = document.createElement('div');
  body.className = 'wk-markdown';
  body.innerHTML = renderMarkdown(markdown);
  const foot = document.createElement('div');
  foot.className = 'wk-chat-export-footer';
  foot.textContent = footer;
  box.append(body, foot);
  document.body.appendChild(box);
  try {
    return await toPng(box, { width: CHAT_IMAGE_WIDTH, backgroundColor: '#ffffff', pixelRatio: 2, cacheBust: true });
  } finally {
    box.remove();
  }
}
