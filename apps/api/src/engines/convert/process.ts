import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { ConvertError, abortError } from './errors.js';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
  /** the program's human name for messages, e.g. 'LibreOffice' */
  label: string;
  /**
   * stream stdout instead of collecting it: called with each complete line as it arrives (UTF-8, no newline), with
   * no cap (RunResult.stdout stays ''); for a program that reports progress line by line (mutool-render.js)
   */
  onStdoutLine?: (line: string) => void;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const OUTPUT_CAP = 64 * 1024;

/**
 * Runs a program in its own process group, so a time-out or an abort kills it together with everything it
 * started (soffice is a wrapper that forks soffice.bin). Never uses a shell. A program that cannot be started
 * becomes ConvertError('engine_missing').
 */
export function runProcess(command: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortError(opts.signal));
    let stdout = '';
    let stderr = '';
    let settled = false;
    let killedFor: 'timeout' | 'abort' | null = null;

    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        try {
          child.kill('SIGKILL');
        } catch {
          /* already gone */
        }
      }
    };
    const timer = setTimeout(() => {
      killedFor = 'timeout';
      killGroup();
    }, opts.timeoutMs);
    const onAbort = () => {
      killedFor = 'abort';
      killGroup();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };

    if (opts.onStdoutLine) {
      const onLine = opts.onStdoutLine;
      // the decoder keeps a character split between chunks whole
      child.stdout?.setEncoding('utf8');
      let partial = '';
      child.stdout?.on('data', (d: string) => {
        let from = 0;
        for (let nl = d.indexOf('\n'); nl !== -1; nl = d.indexOf('\n', from)) {
          const line = partial + d.slice(from, nl);
          partial = '';
          from = nl + 1;
          if (!killedFor) onLine(line);
        }
        partial += d.slice(from);
      });
      child.stdout?.on('end', () => {
        if (partial !== '' && !killedFor) onLine(partial);
        partial = '';
      });
    } else {
      child.stdout?.on('data', (d: Buffer) => {
        if (stdout.length < OUTPUT_CAP) stdout += d.toString('utf8');
      });
    }
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < OUTPUT_CAP) stderr += d.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      killGroup();
      finish(() => {
        if (err.code === 'ENOENT' || err.code === 'EACCES') {
          reject(new ConvertError('engine_missing', `服务器未安装 ${opts.label}，无法转换该文档`, `${command}: ${err.message}`));
        } else {
          reject(err);
        }
      });
    });
    child.on('close', (code, signal) => {
      // the wrapper may exit while a grandchild lingers; the group kill takes it too
      if (killedFor) killGroup();
      finish(() => {
        if (killedFor === 'abort') return reject(abortError(opts.signal));
        if (killedFor === 'timeout') {
          return reject(new ConvertError('timeout', `文档转换超时（${opts.label}）`, `${command} killed after ${opts.timeoutMs} ms`));
        }
        resolve({ code, signal, stdout, stderr });
      });
    });
  });
}

/** Resolves a program name on PATH (or checks an absolute path). Returns undefined when not executable. */
export async function findExecutable(name: string | undefined, extraDirs: string[] = []): Promise<string | undefined> {
  if (!name) return undefined;
  const candidates =
    isAbsolute(name) || name.includes('/') ? [name] : [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...extraDirs].map((d) => join(d, name));
  for (const c of candidates) {
    try {
      await access(c, constants.X_OK);
      return c;
    } catch {
      /* next */
    }
  }
  return undefined;
}
