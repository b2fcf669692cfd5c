/**
 * At most `size` tasks at a time; the others wait in order. For work that holds a database connection while it
 * waits on a lock: without a bound, a crowd of such requests takes every connection of the pool and every other
 * request waits behind them.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    else this.running++;
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
