import { loadConfig } from './config';
import { buildApp } from './app';
import { startQueue } from './kernel/jobs';
import { startWorkers } from './kernel/boot';
import { MODULES } from './modules';
import { warmUp } from './kernel/warm-up';

/** Entry point: listen, run the in-process workers (unless disabled), close gracefully on signals. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const deps = app.services;
  // every process can send jobs; only worker processes (the default single process included) work on them
  const boss = await startQueue(app.database.connection, { log: (m, e) => app.log.warn({ err: e }, m), supervise: config.runWorker });
  deps.queue.attach(boss);
  if (config.runWorker) await startWorkers(deps, MODULES);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15000);
    force.unref();
    try {
      await app.close();
      await boss?.stop({ graceful: true, timeout: 5000 });
    } finally {
      await app.database.close().catch(() => undefined);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  watchParent(config.supervisorPid, () => void shutdown('parent gone'));
  await warmUp(app);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Wenku 文库已启动: http://127.0.0.1:${config.port}/  后台 /admin/  接口文档 /api/docs  数据库 ${app.database.kind}`);
}

/**
 * A supervisor (scripts/supervise.mjs, `npm start`) killed with SIGKILL cannot tell its server to stop, and the
 * server runs in its own process group, so it would live on holding the data folder. The server checks every
 * second that the supervisor (WENKU_SUPERVISOR_PID) and its own parent are still there, and shuts down
 * gracefully when either is gone.
 */
function watchParent(supervisor: number, onGone: () => void) {
  const parent = process.ppid;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  const timer = setInterval(() => {
    const gone = (supervisor > 1 && !alive(supervisor)) || (parent > 1 && process.ppid !== parent);
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, 1000);
  timer.unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
