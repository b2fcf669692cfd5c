import os from 'node:os';
import fs from 'node:fs/promises';
import type { TDevice, TPublicStats, TStats, TStatsTrend } from '@wenku/contracts';
import type { Caches, TtlCache } from '../../lib/cache';
import { DEFAULT_TIMEZONE } from '../../lib/time';
import type { ConfigService } from '../config/config.service';
import type { SystemRepo } from './system.repo';
import { buildInfo } from './build-info';

export interface Engine {
  name: string;
  installed: boolean;
  version: string;
  required: boolean;
}

/** A zone PostgreSQL and Intl both know; anything else is the default (a bad setting must not break the dashboard). */
function safeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return /^[A-Za-z0-9_+\-/]{1,64}$/.test(tz) ? tz : DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** How long the public counts of GET /stats are answered from memory. */
export const PUBLIC_STATS_TTL_MS = 5000;

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

/** CPU time counters of all cores, for a busy share between two readings. */
function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total, at: Date.now() };
}

/** The operator's view of the site: counts, daily series and the server's resources. */
export class SystemService {
  private lastCpu = cpuTimes();
  /** detecting engines starts processes (soffice --version): not on every 5-second poll */
  private readonly engineCache: TtlCache<Engine[]>;
  /** anyone may ask for the public counts (every visit of moredoc's home and search pages): counted at most every few seconds */
  private readonly publicCache: TtlCache<TPublicStats>;

  constructor(
    private readonly repo: SystemRepo,
    private readonly settings: ConfigService,
    private readonly env: { databaseKind: string; dataDir: string; engines: () => Promise<Engine[]> },
    caches: Caches,
  ) {
    this.engineCache = caches.cache('system-engines', { ttlMs: 60_000 });
    this.publicCache = caches.cache('system-public-stats', { ttlMs: PUBLIC_STATS_TTL_MS });
  }

  /**
   * GET /stats for a caller without its permission: moredoc's public counts only (users plus the configured virtual
   * registrations, published documents and articles) — no program, server or moderation figures.
   */
  async publicStats(): Promise<TPublicStats> {
    return this.publicCache.get('public', async () => {
      const [counts, display] = await Promise.all([this.repo.publicCounts(), this.settings.get('display')]);
      const virtual = Number(display.virtual_register_count);
      return { ...counts, user_count: counts.user_count + (Number.isFinite(virtual) && virtual > 0 ? Math.floor(virtual) : 0) };
    });
  }

  async stats(): Promise<TStats> {
    const r = await this.repo.counts();
    const b = buildInfo();
    return {
      ...r,
      documents_by_status: Object.fromEntries(Object.entries(r.documents_by_status ?? {}).map(([k, v]) => [k, Number(v)])),
      version: b.version,
      hash: b.commit,
      build_at: b.builtAt,
      node: process.version,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      database: this.env.databaseKind,
    };
  }

  async trend(days: number): Promise<TStatsTrend> {
    const tz = safeZone(await this.settings.timezone());
    const rows = await this.repo.trend(days, tz);
    const totals = { users: 0, documents: 0, downloads: 0, paid_orders: 0, chat_messages: 0 };
    for (const r of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
    return { start: rows[0]?.date ?? '', end: rows.at(-1)?.date ?? '', timezone: tz, days: rows, totals };
  }

  /** The busy share of all cores since the previous reading (at least 200 ms apart, so a first call waits). */
  private async cpuPercent(): Promise<number> {
    let prev = this.lastCpu;
    if (Date.now() - prev.at < 200) {
      await new Promise((r) => setTimeout(r, 200));
    }
    let now = cpuTimes();
    if (now.total === prev.total) {
      prev = now;
      await new Promise((r) => setTimeout(r, 200));
      now = cpuTimes();
    }
    this.lastCpu = now;
    const total = now.total - prev.total;
    return total > 0 ? Math.min(100, Math.max(0, round1(100 - ((now.idle - prev.idle) / total) * 100))) : 0;
  }

  async device(): Promise<TDevice> {
    const [cpuPercent, disk, dbSize, queues, engines] = await Promise.all([
      this.cpuPercent(),
      fs.statfs(this.env.dataDir),
      this.repo.databaseSize(),
      this.repo.queueCounts(),
      this.engineCache.get('engines', () => this.env.engines()),
    ]);
    const cpus = os.cpus();
    const total = os.totalmem();
    const available = os.freemem();
    const used = total - available;
    const diskTotal = disk.blocks * disk.bsize;
    const diskFree = disk.bavail * disk.bsize;
    const diskUsed = (disk.blocks - disk.bfree) * disk.bsize;
    const q = queues ?? [];
    return {
      cpu: {
        cores: cpus.length,
        model_name: cpus[0]?.model ?? '',
        mhz: cpus[0]?.speed ?? 0,
        percent: cpuPercent,
        model: cpus[0]?.model ?? '',
        load: os.loadavg().map(round1),
      },
      memory: { total, available, used, free: available, percent: percent(used, total), process_rss: process.memoryUsage().rss },
      disk: [
        {
          path: this.env.dataDir,
          disk_name: this.env.dataDir,
          total: diskTotal,
          used: diskUsed,
          free: diskFree,
          percent: percent(diskUsed, diskUsed + diskFree),
        },
      ],
      database: { kind: this.env.databaseKind, size: dbSize },
      queue: {
        available: queues !== undefined,
        pending: q.reduce((s, x) => s + x.pending, 0),
        active: q.reduce((s, x) => s + x.active, 0),
        failed: q.reduce((s, x) => s + x.failed, 0),
        queues: q,
      },
      engines: engines.map((e) => ({ name: e.name, installed: e.installed, version: e.version, required: e.required })),
      uptime: Math.round(os.uptime()),
      process_uptime: Math.round(process.uptime()),
      node: process.version,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      sampled_at: new Date().toISOString(),
    };
  }
}
