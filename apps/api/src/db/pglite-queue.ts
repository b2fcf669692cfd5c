import type { PGlite } from '@electric-sql/pglite';

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

/** Messages after which a client's extended-protocol batch is complete. */
const BATCH_END = new Set(['S', 'Q', 'X', 'p']);

/**
 * The order in which several socket clients reach the single PGlite backend.
 *
 * pglite-socket's own queue keeps a client to itself only while it is inside a transaction. Outside one, the
 * separate Parse / Bind / Execute / Sync messages of two clients' parameterised queries can interleave, so one
 * client binds to the other's unnamed statement ("bind message supplies 2 parameters, but prepared statement ""
 * requires 3", "portal "" does not exist"). This queue also keeps a client to itself from its first extended-protocol
 * message until its Sync, and for the whole of an open transaction.
 */
export class BatchAwareQueue {
  private queue: Pending[] = [];
  private processing = false;
  /** the client that must be served next (mid-batch or in a transaction) */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private next(): Pending | undefined {
    if (this.owner === null) return this.queue.shift();
    const i = this.queue.findIndex((p) => p.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (d: Uint8Array) => {
                bytes += d.length;
                item.onData(d);
              },
            }),
          );
        } catch (e) {
          this.owner = null;
          item.reject(e);
          continue;
        }
        const type = String.fromCharCode(item.message[0] ?? 0);
        const batchOpen = /[A-Za-z]/.test(type) && !BATCH_END.has(type);
        this.owner = batchOpen || this.db.isInTransaction() ? item.handlerId : null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((p) => {
      if (p.handlerId !== handlerId) return true;
      p.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** A client that vanished mid-batch or mid-transaction must not block everyone else. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => undefined);
    this.owner = null;
    void this.process();
  }
}
