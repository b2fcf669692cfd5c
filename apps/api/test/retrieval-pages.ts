/**
 * Where is this text in the converted document? A tool for writing and checking the retrieval question set: it
 * converts a fixture with the product's own converter (a .txt is laid out by MuPDF's HTML engine on A4, so its
 * pages exist only after conversion) and prints, for each search string, the pages whose text contains it
 * (whitespace ignored, CJK line breaks joined, as the product's segmentation does).
 *   cd apps/api && npx tsx test/retrieval-pages.ts test/fixtures/corpus/debian-faq.zh-cn.txt 'apt-mark hold' '/etc/papersize'
 *   … --page 12        prints page 12's text
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertDocument } from '../src/engines/convert';

const squash = (s: string) => s.replace(/\s+/g, '');

async function pagesOf(file: string): Promise<{ page: number; text: string }[]> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-pages-'));
  try {
    const r = await convertDocument(file, path.extname(file).slice(1), { workDir, maxPreviewPages: 1, gzip: false, timeoutMs: 10 * 60_000 });
    return r.texts;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

async function main() {
  const [file, ...args] = process.argv.slice(2);
  if (!file) throw new Error('usage: retrieval-pages.ts FILE [--page N] [search ...]');
  const pages = await pagesOf(file);
  console.log(`${path.basename(file)}: ${pages.length} pages`);
  const at = args.indexOf('--page');
  if (at >= 0) {
    const n = Number(args[at + 1]);
    console.log(pages.find((p) => p.page === n)?.text ?? `(no page ${n})`);
    return;
  }
  for (const needle of args) {
    const hits = pages.filter((p) => squash(p.text).includes(squash(needle))).map((p) => p.page);
    console.log(`${JSON.stringify(needle)}: ${hits.length ? hits.join(', ') : 'not found'}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
