import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { findChmExtractor } from './chm.js';
import { findSoffice, sofficeVersion } from './libreoffice.js';
import { mutoolVersion } from './native-mutool.js';
import { findExecutable, runProcess } from './process.js';
import type { ConvertTools, EngineInfo } from './types.js';

let mupdfVersionCache: string | undefined;

/** The installed MuPDF.js version (from its package.json; no WASM is loaded). */
export async function mupdfJsVersion(): Promise<string> {
  if (mupdfVersionCache) return mupdfVersionCache;
  try {
    const pkg = new URL('../package.json', import.meta.resolve('mupdf'));
    mupdfVersionCache = (JSON.parse(await readFile(pkg, 'utf8')) as { version: string }).version;
  } catch {
    mupdfVersionCache = 'unknown';
  }
  return mupdfVersionCache;
}

const quick = (cmd: string, args: string[]) =>
  runProcess(cmd, args, { timeoutMs: 15_000, label: cmd, env: { ...process.env, HOME: tmpdir() } }).catch(() => undefined);

/**
 * What the conversion engines can use on this machine, for the admin's environment page and start-up logs:
 * soffice (office formats, CHM), mutool (optional: when installed it renders PDF, XPS and LibreOffice's output natively,
 * about twice as fast as MuPDF.js; without it XPS cannot be converted), mupdf.js (always: an npm dependency),
 * a CHM extractor (extract_chmLib or 7z) and CJK fonts ("fonts", from fc-list :lang=zh) (without them Chinese renders as boxes in LibreOffice).
 */
export async function detectEngines(tools: ConvertTools = {}): Promise<EngineInfo[]> {
  const [soffice, mutool, chm, fcList] = await Promise.all([
    findSoffice(tools.soffice),
    findExecutable(tools.mutool ?? 'mutool'),
    findChmExtractor(tools),
    findExecutable('fc-list'),
  ]);
  const out: EngineInfo[] = [];

  out.push({ name: 'mupdf.js', installed: true, version: await mupdfJsVersion() });

  out.push(
    soffice ? { name: 'soffice', installed: true, version: await sofficeVersion(soffice), path: soffice } : { name: 'soffice', installed: false, version: '' },
  );

  if (mutool) {
    out.push({ name: 'mutool', installed: true, version: await mutoolVersion(mutool), path: mutool });
  } else {
    out.push({ name: 'mutool', installed: false, version: '' });
  }

  if (chm?.kind === 'extract_chmLib') {
    out.push({ name: 'extract_chmLib', installed: true, version: 'chmlib', path: chm.path });
  } else if (chm) {
    const r = await quick(chm.path, []);
    const v = /7-Zip[^\d]*([\d.]+)/.exec(r?.stdout ?? '')?.[1] ?? 'unknown';
    out.push({ name: '7z', installed: true, version: v, path: chm.path });
  } else {
    out.push({ name: 'extract_chmLib/7z', installed: false, version: '' });
  }

  if (fcList) {
    const r = await quick(fcList, [':lang=zh', 'file', 'family']);
    const lines = (r?.stdout ?? '').split('\n').filter((l) => l.trim() !== '');
    const first = lines[0]?.split(':')[0];
    out.push({ name: 'fonts', installed: lines.length > 0, version: lines.length > 0 ? `${lines.length} fonts` : '', path: first });
  } else {
    out.push({ name: 'fonts', installed: false, version: '' });
  }
  return out;
}
