import type PgBoss from 'pg-boss';

/**
 * The sending side of the queue, available to services. The pg-boss instance is attached once the process has
 * started it; before that (or in tools that run without a queue) sends are skipped — the worker's start-up sweep
 * picks up any row still waiting, so nothing is lost.
 */
export class JobQueue {
  boss?: PgBoss;
  private readonly created = new Set<string>();

  attach(boss: PgBoss) {
    this.boss = boss;
  }

  async ensureQueue(name: string) {
    if (!this.boss || this.created.has(name)) return;
    await this.boss.createQueue(name);
    this.created.add(name);
  }

  async send(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    if (!this.boss) return null;
    await this.ensureQueue(name);
    return this.boss.send(name, data, options);
  }
}
