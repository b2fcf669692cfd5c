import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../lib/paths';

/** The repository (or unpacked release) root. */
const ROOT = REPO_ROOT;

export interface BuildInfo {
  /** the program's version (root package.json) */
  version: string;
  /** the git commit the running code was checked out at (short), or '' when unknown */
  commit: string;
  /** when that commit was made, or when the program was unpacked; '' when unknown */
  builtAt: string;
  /** the source repository named in package.json, '' when none */
  repository: string;
}

const readText = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The commit HEAD points at, read from the files git keeps (no `git` binary needed; works in a worktree, where
 * `.git` is a file naming the real git folder, and with packed refs). A build that ships without `.git` can put the
 * commit in a `BUILD_COMMIT` file at the root instead.
 */
export function gitCommit(root = ROOT): { commit: string; at: string } {
  const shipped = readText(path.join(root, 'BUILD_COMMIT'))?.trim();
  if (shipped && /^[0-9a-f]{7,40}$/i.test(shipped)) return { commit: shipped.slice(0, 12), at: fileTime(path.join(root, 'BUILD_COMMIT')) };
  let gitDir = path.join(root, '.git');
  const pointer = readText(gitDir);
  if (pointer?.startsWith('gitdir:')) gitDir = path.resolve(root, pointer.slice(7).trim());
  const head = readText(path.join(gitDir, 'HEAD'))?.trim();
  if (!head) return { commit: '', at: '' };
  if (/^[0-9a-f]{40}$/i.test(head)) return { commit: head.slice(0, 12), at: '' };
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref || ref.includes('..')) return { commit: '', at: '' };
  // a worktree keeps its HEAD in its own folder and the refs in the common one
  const common = readText(path.join(gitDir, 'commondir'))?.trim();
  const refDirs = [gitDir, ...(common ? [path.resolve(gitDir, common)] : [])];
  for (const dir of refDirs) {
    const loose = readText(path.join(dir, ref))?.trim();
    if (loose && /^[0-9a-f]{40}$/i.test(loose)) return { commit: loose.slice(0, 12), at: fileTime(path.join(dir, ref)) };
    const packed = readText(path.join(dir, 'packed-refs'));
    const line = packed?.split('\n').find((l) => l.endsWith(` ${ref}`));
    if (line && /^[0-9a-f]{40} /i.test(line)) return { commit: line.slice(0, 12), at: '' };
  }
  return { commit: '', at: '' };
}

function fileTime(file: string): string {
  try {
    return fs.statSync(file).mtime.toISOString();
  } catch {
    return '';
  }
}

let cached: BuildInfo | undefined;

/** Read once per process: the running code does not change under it. */
export function buildInfo(): BuildInfo {
  if (cached) return cached;
  let version = '0.0.0';
  let repository = '';
  try {
    const pkg = JSON.parse(readText(path.join(ROOT, 'package.json')) ?? '{}') as { version?: string; repository?: string | { url?: string } };
    if (typeof pkg.version === 'string') version = pkg.version;
    const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    if (repo && /^(git\+)?https?:\/\//.test(repo)) repository = repo.replace(/^git\+/, '').replace(/\.git$/, '');
  } catch {
    // a broken package.json leaves the defaults
  }
  const git = gitCommit();
  cached = { version, commit: git.commit, builtAt: git.at, repository };
  return cached;
}
