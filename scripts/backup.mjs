#!/usr/bin/env node
// `npm run backup -- <dir>` and `npm run restore -- <dir>`: the embedded default's database and files, with the
// server stopped (apps/api/src/backup.ts does the work). DATA_DIR as for `npm start` (default <repo>/data; a
// relative path is taken from where the command was typed). With DATABASE_URL set it explains the PostgreSQL way.
import { spawn } from 'node:child_process';
import { isAbsolute, join, resolve } from 'node:path';
import { ROOT } from './bootstrap.mjs';

const [cmd, dir] = process.argv.slice(2);
const userCwd = process.env.INIT_CWD || process.cwd();
const dataDir = process.env.DATA_DIR ? (isAbsolute(process.env.DATA_DIR) ? process.env.DATA_DIR : resolve(userCwd, process.env.DATA_DIR)) : join(ROOT, 'data');
const args = ['--import', 'tsx', 'src/backup.ts', cmd, ...(dir ? [resolve(userCwd, dir)] : [])];
const child = spawn(process.execPath, args, { cwd: join(ROOT, 'apps', 'api'), env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
