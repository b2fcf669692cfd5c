import type { FastifyInstance } from 'fastify';
import type { Api, RouteName } from '@wenku/contracts';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { Storage } from '../lib/storage';
import type { RateCounter } from '../lib/rate-limit';
import type { Outbound } from '../engines/outbound';
import type { EventBus, Subscribers } from './events';
import type { BoundJob, JobQueue } from './jobs';
import type { CacheBus } from './cache-bus';
import type { RouteHandler, RouteOptions } from './route';

export interface Logger {
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

/** What every module may use: the process's infrastructure, built before any module. */
export interface Core {
  config: AppConfig;
  database: Database;
  db: Db;
  storage: Storage;
  queue: JobQueue;
  events: EventBus;
  /** rate-limit counters shared by every process (login throttles, per-route limits) */
  rates: RateCounter;
  /** in-memory caches cleared in every API process on a write (PostgreSQL LISTEN/NOTIFY) */
  caches: CacheBus;
  /**
   * the one way out to addresses typed in the settings (LLM, payment gateways, SMS, OAuth, SMTP, release source):
   * private and loopback targets refused unless OUTBOUND_ALLOW_HOSTS names them, redirects checked hop by hop
   */
  outbound: Outbound;
  log: Logger;
}

/**
 * Every module's services by name. Each module adds its own with
 * `declare module '../../kernel/module' { interface Services { documents: DocumentService } }`,
 * so a module's dependencies are typed without an import cycle between manifests.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

export type Deps = Core & Services;

/** A route's handler, or the handler with per-route options (rate limit). */
export type RouteEntry<N extends RouteName> = RouteHandler<Api[N]> | ({ handler: RouteHandler<Api[N]> } & RouteOptions);
export type RouteHandlers = { [N in RouteName]?: RouteEntry<N> };

export interface ModuleDef {
  name: string;
  /** builds this module's services from the core and the services of modules listed before it */
  create?: (deps: Deps) => Partial<Services>;
  /** contract route name -> handler; every contract route has exactly one handler across all modules */
  routes?: (deps: Deps) => RouteHandlers;
  /** what is not an API route: crawler pages, robots.txt (registered after every API route) */
  pages?: (app: FastifyInstance, deps: Deps) => Promise<void> | void;
  jobs?: (deps: Deps) => BoundJob[];
  events?: (deps: Deps) => Subscribers;
  /** first-start and every-start data: defaults, seeds (runs after migrations, in module order) */
  seed?: (deps: Deps, log: (msg: string) => void) => Promise<void>;
  /** on shutdown: flush what is buffered */
  close?: (deps: Deps) => Promise<void>;
  /** worker start-up sweep: queue again whatever a crash left waiting */
  recover?: (deps: Deps) => Promise<Record<string, number> | void>;
}

/**
 * A module is one manifest. `create` returns exactly the services the module declared in `Services`
 * (`K` is inferred from what it returns).
 */
export function defineModule<K extends keyof Services = never>(def: Omit<ModuleDef, 'create'> & { create?: (deps: Deps) => Pick<Services, K> }): ModuleDef {
  return def;
}

/**
 * Builds every module's services in list order. While a module is being created, its deps object refuses names
 * that no earlier module (or the core) provides, so a wrong order fails at start-up with a sentence, not later
 * with `undefined`.
 */
export function createServices(core: Core, modules: readonly ModuleDef[]): Deps {
  const registry: Record<string, unknown> = { ...core };
  for (const m of modules) {
    const guarded = new Proxy(registry, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target)) {
          throw new Error(`模块 ${m.name} 用到了服务 ${key}，但它还没有创建：在 modules/index.ts 里把提供它的模块放到 ${m.name} 前面`);
        }
        return target[key as string];
      },
    });
    const made = m.create?.(guarded as unknown as Deps) ?? {};
    for (const [key, service] of Object.entries(made)) {
      if (key in registry) throw new Error(`服务 ${key} 被重复提供（模块 ${m.name}）`);
      registry[key] = service;
    }
  }
  return registry as unknown as Deps;
}

/** Subscribes every module's event handlers. */
export function subscribeEvents(deps: Deps, modules: readonly ModuleDef[]): void {
  for (const m of modules) {
    const subs = m.events?.(deps) ?? {};
    for (const [event, fn] of Object.entries(subs)) deps.events.on(event as keyof Subscribers, m.name, fn as never);
  }
}

/** Every module's jobs, checked for duplicate names. */
export function collectJobs(deps: Deps, modules: readonly ModuleDef[]): BoundJob[] {
  return modules.flatMap((m) => m.jobs?.(deps) ?? []);
}
