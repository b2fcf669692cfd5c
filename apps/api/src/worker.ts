import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './app';
import { startQueue } from './kernel/jobs';
import { closeModules, startWorkers } from './kernel/boot';
import { MODULES } from './modules';

/** A worker-only process (scale-out with DATABASE_URL): migrates if needed, then works on the queue. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('独立的 worker 进程需要 DATABASE_URL（内嵌数据库只能由主进程打开）');
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps = await prepareDatabase(database, config, console.log);
  const boss = await startQueue(database.connection, { log: (m, e) => console.error(m, e) });
  deps.queue.attach(boss);
  await startWorkers(deps, MODULES);
  console.log('worker started');
  const stop = async () => {
    await boss.stop({ graceful: true, timeout: 10000 });
    await closeModules(deps, MODULES);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
