import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable, runProcess } from './process.js';
import { SCRIPT } from './native-script.js';
import type { ConvertTools } from './types.js';

/**
 * Finding the native render path: which mutool, its version, the helpers it runs under, and whether the script
 * runs on it at all (a probe per binary and process).
 */

/** What the native path runs: mutool, its version, and the helpers it uses when present. */
export interface NativeMutool {
  path: string;
  version: string;
  /** util-linux prlimit: caps mutool's address space (memory) */
  prlimit?: string;
  /** coreutils stdbuf: mutool's print() is block-buffered on a pipe; line buffering streams the pages */
  stdbuf?: string;
}

const versions = new Map<string, Promise<string>>();

/** '1.21.1', read once per binary from `mutool -v`. */
export function mutoolVersion(path: string): Promise<string> {
  let v = versions.get(path);
  if (!v) {
    v = runProcess(path, ['-v'], { timeoutMs: 15_000, label: 'mutool' })
      .then((r) => /version\s+([\d.]+)/i.exec(`${r.stdout}${r.stderr}`)?.[1] ?? 'unknown')
      .catch(() => 'unknown');
    versions.set(path, v);
  }
  return v;
}

let helpers: Promise<{ prlimit?: string; stdbuf?: string }> | undefined;
const probes = new Map<string, Promise<boolean>>();

/**
 * mutool for the native path, or undefined: then the caller uses the MuPDF.js worker. `tools.mutool = ''` (or a
 * path that is not there) forces that fallback. A binary is used only once it has run the script on a two-page
 * PDF (once per process): another MuPDF release may have changed the scripting API the script relies on.
 */
export async function findNativeMutool(tools: ConvertTools | undefined): Promise<NativeMutool | undefined> {
  const path = await findExecutable(tools?.mutool ?? 'mutool');
  if (!path) return undefined;
  helpers ??= Promise.all([findExecutable('prlimit'), findExecutable('stdbuf')]).then(([prlimit, stdbuf]) => ({ prlimit, stdbuf }));
  let probe = probes.get(path);
  if (!probe) {
    probe = probeScript(path);
    probes.set(path, probe);
  }
  const [ok, version, h] = await Promise.all([probe, mutoolVersion(path), helpers]);
  return ok ? { path, version, ...h } : undefined;
}

/** A valid two-page PDF with a line of text on each, offsets computed: no repair warnings. */
function probePdf(): Buffer {
  const content = 'BT /F1 12 Tf 20 50 Td (probe) Tj ET';
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R 6 0 R]/Count 2>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function probeScript(mutool: string): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'wenku-mutool-probe-'));
  try {
    const input = join(dir, 'probe.pdf');
    await writeFile(input, probePdf());
    // both text channels: a preview page's structured text (layers 1, page 1) and the document file (page 2)
    const r = await runProcess(mutool, ['run', SCRIPT, input, 'pdf', dir, '1', '40', '10', '1', 'wkprobe'], { timeoutMs: 15_000, label: 'mutool', cwd: dir });
    const [svg, text, docText, png] = await Promise.all(
      ['s0-1.svg', 'l1.json', 'text.txt', 'cover.png'].map((f) => readFile(join(dir, f)).catch(() => Buffer.alloc(0))),
    );
    return (
      r.code === 0 &&
      r.stdout.includes('{"t":"end"}') &&
      svg.includes('<svg') &&
      text.toString('utf8').includes('probe') &&
      /probe\s+wkprobep2e/.test(docText.toString('utf8')) &&
      png.readUInt32BE(16) === 40
    );
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
