import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Scratch folders for jobs (a conversion's source file and page images, an OCR's pictures), named with the owning
 * process's id: `wenku-convert-<pid>-XXXXXX` under the system's temporary folder. A job removes its folder when it
 * ends; a worker killed outright cannot, so each worker, when it starts, removes the folders whose process is gone.
 */
export function makeWorkDir(kind: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), `wenku-${kind}-${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of `kind` left by processes that no longer run; how many. */
export async function removeOrphanWorkDirs(kind: string, dir = os.tmpdir()): Promise<number> {
  const pattern = new RegExp(`^wenku-${kind}-(\\d+)-[^/]+$`);
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await fsp.rm(path.join(dir, name), { recursive: true, force: true }).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
