#!/usr/bin/env node
// Runs a long-lived command (typically `pnpm --filter @wenku/api start`) so that a SIGINT or
// SIGTERM sent to *us* shuts the real server down gracefully and we exit with its code.
//
// Why not just child.kill(): the chain is pnpm -> sh -c "<script>" -> tsx -> node. pnpm passes
// SIGTERM to `sh`, which dies at once without passing it on (dash does not exec the command),
// leaving the server orphaned. Signalling the whole process group (what a terminal's Ctrl-C
// does) is not right either: tsx's parent process gives its child only 60 ms to acknowledge a
// signal and then SIGKILLs it — which happens whenever the server is busy (PGlite work).
// So the child runs in its own process group, and a signal goes to the topmost processes of
// that group's tree that are not wrappers (pnpm/npm, shells, tsx's launcher): the server itself.
// It shuts down, exits, and the wrappers then exit normally with its code. After the direct
// child exits we wait for the rest of the group (up to WENKU_SHUTDOWN_GRACE_MS, default 30 s)
// before SIGKILLing what is left. Without /proc (not Linux) the whole group is signalled.
//
// CLI (used by docker/Dockerfile): node scripts/supervise.mjs <command> [args...]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SHELLS = new Set(['sh', 'dash', 'bash', 'ash', 'zsh']);
const WRAPPER_ARG = /(^|\/)(pnpm|pnpm\.c?js|npm|npm-cli\.js|npx|npx-cli\.js|yarn|tsx)$|\/tsx\/dist\/cli\.m?js$/;
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };

/** [{pid, ppid, comm, state, args}] of every process in process group `pgid`, or null without /proc. */
function groupMembers(pgid) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const out = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ..." — comm may contain spaces/parens, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      let args = [];
      try {
        args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      } catch {
        // gone meanwhile
      }
      out.push({ pid: Number(name), ppid: Number(fields[1]), comm, state: fields[0], args });
    } catch {
      // the process ended while we were reading
    }
  }
  return out;
}

const isWrapper = (m) =>
  SHELLS.has(m.comm) || m.args.slice(0, 2).some((a) => WRAPPER_ARG.test(a));

function groupAlive(pgid) {
  const members = groupMembers(pgid);
  if (members) return members.some((m) => m.state !== 'Z');
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes a shutdown signal should go to (see the comment at the top). */
function shutdownTargets(pgid, members) {
  const alive = members.filter((m) => m.state !== 'Z');
  const children = new Map();
  for (const m of alive) children.set(m.ppid, [...(children.get(m.ppid) ?? []), m]);
  const leader = alive.find((m) => m.pid === pgid);
  const targets = [];
  const queue = leader ? [leader] : alive.filter((m) => !alive.some((p) => p.pid === m.ppid));
  while (queue.length) {
    const m = queue.shift();
    if (isWrapper(m)) queue.push(...(children.get(m.pid) ?? []));
    else targets.push(m);
  }
  if (targets.length) return targets;
  // Only wrappers so far (the server has not started): stop the non-shell ones, else the leader.
  const wrappers = alive.filter((m) => !SHELLS.has(m.comm) && m.pid !== pgid);
  return wrappers.length ? wrappers : alive.filter((m) => m.pid === pgid);
}

function signalGroup(pgid, signal, { all }) {
  const members = all ? null : groupMembers(pgid);
  if (!members) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // group already gone
    }
    return;
  }
  for (const m of shutdownTargets(pgid, members)) {
    try {
      process.kill(m.pid, signal);
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Spawns `cmd args` in its own process group, forwards SIGINT/SIGTERM/SIGHUP, and resolves with
 * the exit code to use once the child and everything it started have ended.
 */
export function supervise(cmd, args, { env = process.env, cwd = process.cwd() } = {}) {
  const graceMs = Number(env.WENKU_SHUTDOWN_GRACE_MS ?? process.env.WENKU_SHUTDOWN_GRACE_MS ?? 30_000);
  return new Promise((resolvePromise) => {
    // the server watches this pid and shuts down when it is gone (a supervisor killed outright leaves no orphan)
    const child = spawn(cmd, args, { env: { ...env, WENKU_SUPERVISOR_PID: String(process.pid) }, cwd, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
    const pgid = child.pid;
    let lastSignalAt = 0;
    let requested = null;

    const onSignal = (signal) => {
      if (!pgid) return;
      const now = Date.now();
      // The same Ctrl-C can reach us twice (from the terminal and from npm); a repeat after
      // a second means "really stop now".
      if (requested && now - lastSignalAt > 1000) {
        console.error(`[supervise] ${signal} again: killing the process group`);
        signalGroup(pgid, 'SIGKILL', { all: true });
      } else if (!requested) {
        requested = signal;
        signalGroup(pgid, signal === 'SIGHUP' ? 'SIGTERM' : signal, { all: false });
      }
      lastSignalAt = now;
    };
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const s of signals) process.on(s, onSignal);
    const killLeftovers = () => pgid && signalGroup(pgid, 'SIGKILL', { all: true });
    process.on('exit', killLeftovers);

    const finish = (code) => {
      for (const s of signals) process.off(s, onSignal);
      process.off('exit', killLeftovers);
      resolvePromise(code);
    };

    child.on('error', (err) => {
      console.error(`[supervise] failed to start ${cmd}: ${err.message}`);
      finish(127);
    });
    child.on('exit', (code, signal) => {
      const exitCode = code ?? 128 + (SIGNAL_NUMBERS[signal] ?? 1);
      const deadline = Date.now() + graceMs;
      const wait = () => {
        if (!groupAlive(pgid)) return finish(exitCode);
        if (Date.now() > deadline) {
          console.error(`[supervise] processes still running ${graceMs} ms after exit; killing them`);
          signalGroup(pgid, 'SIGKILL', { all: true });
          return finish(exitCode || 1);
        }
        setTimeout(wait, 100);
      };
      wait();
    });
  });
}

const isMain = process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error('usage: node scripts/supervise.mjs <command> [args...]');
    process.exit(2);
  }
  process.exitCode = await supervise(cmd, args);
}
