/** The line at a Gate is full, or a task waited in it too long: the caller should answer "busy, try again". */
export class GateFull extends Error {
  constructor(why = 'too many tasks waiting') {
    super(why);
    this.name = 'GateFull';
  }
}

export interface GateLimits {
  /** tasks allowed to wait; more are refused at once (default: no limit) */
  maxWaiting?: number;
  /** a task that waited this long leaves the line, refused (default: no limit) */
  maxWaitMs?: number;
}

/**
 * At most `size` tasks at a time; the others wait in order, within `limits` (beyond them a task is refused with
 * GateFull). For work that holds a database connection while it waits on a lock: without a bound, a crowd of such
 * requests takes every connection of the pool and every other request waits behind them; and without a bound on
 * the line, a crowd waits so long that its clients time out instead of hearing "busy".
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxWaiting: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly size: number,
    limits: GateLimits = {},
  ) {
    this.maxWaiting = limits.maxWaiting ?? Infinity;
    this.maxWaitMs = limits.maxWaitMs ?? Infinity;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.maxWaiting) throw new GateFull();
      await new Promise<void>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const admit = () => {
          clearTimeout(timer);
          resolve();
        };
        this.waiting.push(admit);
        if (Number.isFinite(this.maxWaitMs)) {
          timer = setTimeout(() => {
            // still in line (not admitted meanwhile): leave it, refused
            const i = this.waiting.indexOf(admit);
            if (i >= 0) {
              this.waiting.splice(i, 1);
              reject(new GateFull('waited too long'));
            }
          }, this.maxWaitMs);
        }
      });
    } else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // the slot passes straight to the next in line (running stays the same), else it is freed
      if (next) next();
      else this.running--;
    }
  }

  get pending() {
    return this.waiting.length;
  }
}
