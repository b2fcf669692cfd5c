import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorkDir, removeOrphanWorkDirs } from '../src/lib/work-dir';

describe('job scratch folders', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wk-workdir-test-'));
  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  afterAll(() => {
    sleeper.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are named with the owning process, and a starting worker removes only those whose process is gone', async () => {
    const own = await makeWorkDir('convert');
    expect(path.basename(own)).toMatch(new RegExp(`^wenku-convert-${process.pid}-`));
    fs.rmSync(own, { recursive: true });

    // a process that has ended: its pid no longer runs
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(ended.stdout);
    const make = (name: string) => {
      fs.mkdirSync(path.join(dir, name, 'pages'), { recursive: true });
      fs.writeFileSync(path.join(dir, name, 'pages', '1.svg'), '<svg/>');
    };
    make(`wenku-convert-${deadPid}-aaaaaa`); // left by a worker killed mid-conversion
    make(`wenku-convert-${sleeper.pid}-bbbbbb`); // a live worker's, in use
    make(`wenku-convert-${process.pid}-cccccc`); // this process's own
    make(`wenku-ocr-${deadPid}-dddddd`); // another kind
    make('wenku-convert-notapid'); // not ours to judge
    expect(await removeOrphanWorkDirs('convert', dir)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [`wenku-convert-${process.pid}-cccccc`, `wenku-convert-${sleeper.pid}-bbbbbb`, 'wenku-convert-notapid', `wenku-ocr-${deadPid}-dddddd`].sort(),
    );
    expect(await removeOrphanWorkDirs('ocr', dir)).toBe(1);
    expect(await removeOrphanWorkDirs('convert', path.join(dir, 'missing'))).toBe(0);
  });
});
