import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { createStorage } from '../lib/storage';
import { RateCounter } from '../lib/rate-limit';
import { Outbound } from '../engines/outbound';
import { CacheBus } from './cache-bus';
import { EventBus } from './events';
import { JobQueue, type JobContext } from './jobs';
import { collectJobs, createServices, subscribeEvents, type Deps, type Logger, type ModuleDef } from './module';

/** A logger for code that runs before (or without) Fastify: plain console lines. */
export const consoleLogger: Logger = {
  info: (msg, extra) => console.log(msg, extra ?? ''),
  warn: (msg, extra) => console.warn(msg, extra ?? ''),
  error: (msg, extra) => console.error(msg, extra ?? ''),
};

/** The core (config, database, storage, queue, events, log) and every module's services over it, subscribed. */
export function createDeps(database: Database, config: AppConfig, modules: readonly ModuleDef[], log: Logger = consoleLogger): Deps {
  const events = new EventBus((msg, extra) => log.warn(msg, extra));
  const deps = createServices(
    {
      config,
      database,
      db: database.db,
      storage: createStorage(config),
      queue: new JobQueue(),
      events,
      rates: new RateCounter(database.pool),
      caches: new CacheBus(database, log),
      outbound: new Outbound({ allowHosts: config.outboundAllowHosts }),
      log,
    },
    modules,
  );
  subscribeEvents(deps, modules);
  return deps;
}

/** Every module's seed, in module order (settings before the first administrator before the footer pages). */
export async function seedModules(deps: Deps, modules: readonly ModuleDef[], log: (msg: string) => void): Promise<void> {
  for (const m of modules) await m.seed?.(deps, log);
}

/** What schedules and worker counts read: the site time zone and the settings as they are now. */
export async function jobContext(deps: Deps): Promise<JobContext> {
  const all = await deps.settings.all();
  return {
    timezone: await deps.settings.timezone(),
    setting: (section, field) => (all as Record<string, Record<string, unknown> | undefined>)[section]?.[field],
  };
}

/**
 * Starts this process's worker heartbeat (a worker killed outright has its running jobs retried by the others),
 * registers every module's jobs on the attached queue, then runs every start-up sweep.
 */
export async function startWorkers(deps: Deps, modules: readonly ModuleDef[]): Promise<void> {
  await deps.queue.startHeartbeat(deps.database.pool, deps.config.workerHeartbeat, (msg, extra) => deps.log.warn(msg, extra));
  await deps.queue.work(collectJobs(deps, modules), await jobContext(deps), (msg, extra) => deps.log.warn(msg, extra as object));
  for (const m of modules) {
    const swept = await m.recover?.(deps);
    if (swept && Object.values(swept).some((n) => n > 0)) deps.log.info(`start-up sweep of ${m.name}: re-queued`, swept);
  }
}

export async function closeModules(deps: Deps, modules: readonly ModuleDef[]): Promise<void> {
  for (const m of modules) await m.close?.(deps).catch(() => undefined);
  await deps.queue.stopHeartbeat().catch(() => undefined);
  await deps.caches.close();
}
