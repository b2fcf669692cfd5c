/** The line at a Gate is full: the caller should answer "busy, try again" rather than wait. */
export class GateFull extends Error {
  constructor() {
    super('too many tasks waiting');
    this.name = 'GateFull';
  }
}

/**
 * At most `size` tasks at a time; the others wait in order, at most `maxWaiting` of them (more are refused at once
 * with GateFull). For work that holds a database connection while it waits on a lock: without a bound, a crowd of
 * such requests takes every connection of the pool and every other request waits behind them; and without a bound
 * on the line, a crowd waits so long that its clients time out instead of hearing "busy".
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly size: number,
    private readonly maxWaiting = Infinity,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.maxWaiting) throw new GateFull();
      await new Promise<void>((r) => this.waiting.push(r));
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
