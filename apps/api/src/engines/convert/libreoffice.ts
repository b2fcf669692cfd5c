import { createHash } from 'node:crypto';
import { copyFile, cp, link, mkdir, mkdtemp, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConvertError } from './errors.js';
import { findExecutable, runProcess } from './process.js';
import type { SniffResult } from './sniff.js';

/** Where LibreOffice lives when it is not on PATH (Debian/Ubuntu, the tarball from TDF, macOS). */
const EXTRA_DIRS = ['/usr/lib/libreoffice/program', '/opt/libreoffice/program', '/usr/local/bin', '/Applications/LibreOffice.app/Contents/MacOS'];

export async function findSoffice(override?: string): Promise<string | undefined> {
  if (override !== undefined) return findExecutable(override);
  return (await findExecutable('soffice', EXTRA_DIRS)) ?? (await findExecutable('libreoffice', EXTRA_DIRS));
}

const versions = new Map<string, Promise<string>>();

/** '7.4.7.2', read once per binary (`soffice --version` takes ~0.2 s). */
export function sofficeVersion(path: string): Promise<string> {
  let v = versions.get(path);
  if (!v) {
    v = runProcess(path, ['--version'], { timeoutMs: 30_000, label: 'LibreOffice', env: { ...process.env, HOME: tmpdir() } })
      .then((r) => /(\d+\.\d+[\d.]*)/.exec(r.stdout)?.[1] ?? 'unknown')
      .catch(() => 'unknown');
    versions.set(path, v);
  }
  return v;
}

/**
 * The name LibreOffice should see. Kingsoft's .wps/.et/.dps are MS binary formats under other names, and a
 * file whose bytes say otherwise (a docx saved as .doc) opens best under the name of what it is.
 */
export function officeInputExt(ext: string, sniff: SniffResult): string {
  const alias: Record<string, string> = { wps: 'doc', et: 'xls', dps: 'ppt' };
  if (sniff.kind === 'ole' && (sniff.subtype === 'doc' || sniff.subtype === 'xls' || sniff.subtype === 'ppt')) {
    const family: Record<string, string[]> = { doc: ['doc', 'dot'], xls: ['xls'], ppt: ['ppt', 'pps', 'pot'] };
    return family[sniff.subtype].includes(ext) ? ext : sniff.subtype;
  }
  if (sniff.kind === 'zip' && sniff.subtype && ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'].includes(sniff.subtype)) {
    const same: Record<string, string[]> = { docx: ['docx', 'dotx'], xlsx: ['xlsx'], pptx: ['pptx', 'ppsx', 'potx'], odt: ['odt'], ods: ['ods'], odp: ['odp'] };
    return same[sniff.subtype].includes(ext) ? ext : sniff.subtype;
  }
  if (sniff.kind === 'rtf') return 'rtf';
  return alias[ext] ?? ext;
}

let templateUsable = true;
const templates = new Map<string, Promise<string | undefined>>();

/**
 * A LibreOffice user profile warmed once per machine and binary, copied into each job's work dir: a fresh
 * profile costs ~1 s of first-start work on every conversion. Created under a temp name and renamed, so
 * concurrent processes never see half a profile; any failure falls back to a fresh profile per job.
 */
async function profileTemplate(soffice: string, timeoutMs: number): Promise<string | undefined> {
  if (!templateUsable) return undefined;
  let t = templates.get(soffice);
  if (!t) {
    t = (async () => {
      let id = soffice;
      try {
        const real = await realpath(soffice);
        id = `${real}:${(await stat(real)).mtimeMs}`;
      } catch {
        /* keep the path */
      }
      const uid = typeof process.getuid === 'function' ? process.getuid() : 'u';
      const target = join(tmpdir(), `wenku-lo-profile-${uid}-${createHash('sha1').update(id).digest('hex').slice(0, 12)}`);
      try {
        await stat(join(target, 'user', 'registrymodifications.xcu'));
        return target;
      } catch {
        /* build it */
      }
      const scratch = await mkdtemp(join(tmpdir(), 'wenku-lo-warm-'));
      try {
        const profile = join(scratch, 'profile');
        await writeFile(join(scratch, 'warm.txt'), 'warm');
        const r = await runProcess(
          soffice,
          [
            '--headless',
            '--norestore',
            '--nolockcheck',
            `-env:UserInstallation=${pathToFileURL(profile).href}`,
            '--convert-to',
            'pdf',
            '--outdir',
            scratch,
            join(scratch, 'warm.txt'),
          ],
          { timeoutMs: Math.max(timeoutMs, 60_000), label: 'LibreOffice', env: { ...process.env, HOME: scratch }, cwd: scratch },
        );
        await stat(join(profile, 'user', 'registrymodifications.xcu'));
        if (r.code !== 0) return undefined;
        try {
          await rename(profile, target);
        } catch {
          // another process won the race; theirs is as good as ours
        }
        await stat(join(target, 'user'));
        return target;
      } catch {
        return undefined;
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    })();
    // a failure is remembered too: every job then uses a fresh profile instead of retrying the warm-up
    templates.set(soffice, t);
  }
  return t;
}

/** Tests can turn the shared profile off to measure or to isolate. */
export function setOfficeProfileTemplate(enabled: boolean): void {
  templateUsable = enabled;
}

export interface OfficeOptions {
  workDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
  soffice?: string;
  reuseProfile: boolean;
  /** e.g. 'HTML (StarWriter)' to open HTML as a Writer document instead of Writer/Web */
  infilter?: string;
  /** output filter, default 'pdf' (LibreOffice picks writer/calc/impress_pdf_Export) */
  filter?: string;
  /** copy the input next to itself (false: the input already lives in the work dir with a good name) */
  copyInput?: boolean;
}

/**
 * `soffice --headless --convert-to pdf` in a private profile and HOME inside the job's work dir, killed with its
 * whole process group on time-out or abort. Returns the PDF's path.
 */
export async function officeToPdf(input: string, inputExt: string, opts: OfficeOptions): Promise<{ pdf: string; version: string }> {
  const soffice = await findSoffice(opts.soffice);
  if (!soffice) {
    throw new ConvertError('engine_missing', '服务器未安装 LibreOffice，无法转换该文档', `soffice not found (${opts.soffice ?? 'PATH'})`);
  }
  const version = await sofficeVersion(soffice);
  const inDir = join(opts.workDir, 'lo-in');
  const outDir = join(opts.workDir, 'lo-out');
  const profile = join(opts.workDir, 'lo-profile');
  await mkdir(outDir, { recursive: true });

  let source = input;
  if (opts.copyInput !== false) {
    await mkdir(inDir, { recursive: true });
    // a plain ASCII name: LibreOffice picks filters by extension and dislikes odd characters in paths
    source = join(inDir, `input.${inputExt}`);
    await link(input, source).catch(() => copyFile(input, source));
  }

  const template = opts.reuseProfile ? await profileTemplate(soffice, opts.timeoutMs) : undefined;
  if (template) {
    await cp(template, profile, { recursive: true }).catch(() => rm(profile, { recursive: true, force: true }));
  }

  const args = [
    '--headless',
    '--norestore',
    '--nolockcheck',
    '--nodefault',
    '--nologo',
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    ...(opts.infilter ? [`--infilter=${opts.infilter}`] : []),
    '--convert-to',
    opts.filter ?? 'pdf',
    '--outdir',
    outDir,
    source,
  ];
  const r = await runProcess(soffice, args, {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    label: 'LibreOffice',
    cwd: opts.workDir,
    env: { ...process.env, HOME: opts.workDir, TMPDIR: opts.workDir },
  });
  const pdf = join(outDir, `${basename(source, extname(source))}.pdf`);
  try {
    const s = await stat(pdf);
    if (s.size > 0) return { pdf, version };
  } catch {
    /* below */
  }
  const out = `${r.stdout}\n${r.stderr}`.trim().slice(-2000);
  const produced = await readdir(outDir).catch(() => [] as string[]);
  if (/password|encrypt/i.test(out)) throw new ConvertError('encrypted', '文档已加密，无法转换', out);
  throw new ConvertError(
    'corrupt',
    '文档已损坏或格式无法识别，LibreOffice 未能转换',
    `exit ${r.code} ${r.signal ?? ''}; out dir: ${produced.join(',')}; ${out}`,
  );
}

/** For tests and the bench: the raw `soffice --convert-to` call that officeToPdf wraps. */
export async function rawOfficeConvert(soffice: string, input: string, outDir: string, profileDir: string, timeoutMs: number): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await runProcess(
    soffice,
    ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(profileDir).href}`, '--convert-to', 'pdf', '--outdir', outDir, input],
    { timeoutMs, label: 'LibreOffice', env: { ...process.env, HOME: dirname(profileDir) } },
  );
  return join(outDir, `${basename(input, extname(input))}.pdf`);
}
