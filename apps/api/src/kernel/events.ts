/**
 * The in-process event bus: how one module follows another's changes without the other knowing it exists.
 * Events are facts ("this happened"), named `<domain>.<past tense>`; subscribers are declared in a module's
 * manifest (`events`). `emit` awaits every subscriber in registration order, so a caller that emits inside a
 * request still answers after the index, the caches and the queue have followed. A subscriber that throws fails
 * the emit (the caller decides whether that matters), after the other subscribers have run.
 */
export interface AppEvents {
  /** documents were created, edited, moved, disabled, deleted or restored: search and caches follow */
  'document.changed': { ids: number[] };
  /** a file's documents need (re)conversion (`force`: even if converted before): the conversion module queues the job */
  'document.conversion-requested': { hash: string; force: boolean };
  /** documents were purged and nothing uses these files any more: their owners delete them */
  'document.files-released': { hashes: string[] };
  /**
   * a conversion ended (converted or failed) for every document sharing `hash`: `ids` are those documents (live or
   * in the recycle bin), so no follower looks them up again
   */
  'document.converted': { hash: string; ids: number[]; status: number };
  /** text recognition (OCR) put new text on pages of the file `hash`, used by the documents `ids`: search and the AI index follow */
  'document.text-recognised': { hash: string; ids: number[] };
  /** articles were created, edited, reviewed or deleted */
  'article.changed': { ids: number[] };
  /** articles were removed for good (recycle bin emptied): what hangs on them goes too */
  'article.purged': { ids: number[] };
  /** users were deleted by an administrator */
  'user.deleted': { ids: number[] };
  /** what the public sees of users changed: their name, avatar or signature, or their account was disabled or enabled */
  'user.changed': { ids: number[] };
}
export type EventName = keyof AppEvents;
export type EventHandler<E extends EventName> = (payload: AppEvents[E]) => unknown;
export type Subscribers = { [E in EventName]?: EventHandler<E> };

export class EventBus {
  private readonly handlers = new Map<EventName, { module: string; fn: EventHandler<EventName> }[]>();

  constructor(private readonly log: (msg: string, extra: object) => void = () => undefined) {}

  on<E extends EventName>(event: E, module: string, fn: EventHandler<E>): void {
    const list = this.handlers.get(event) ?? [];
    list.push({ module, fn: fn as EventHandler<EventName> });
    this.handlers.set(event, list);
  }

  /** the modules subscribed to an event (architecture tests and the docs) */
  subscribers(event: EventName): string[] {
    return (this.handlers.get(event) ?? []).map((h) => h.module);
  }

  async emit<E extends EventName>(event: E, payload: AppEvents[E]): Promise<void> {
    const errors: unknown[] = [];
    for (const h of this.handlers.get(event) ?? []) {
      try {
        await h.fn(payload);
      } catch (e) {
        errors.push(e);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${event}: ${errors.length} subscribers failed`);
  }

  /**
   * Like `emit`, for facts that stand whatever their followers do (a finished conversion stays finished if the
   * search index fails to follow): a failing subscriber is logged, not thrown.
   */
  async publish<E extends EventName>(event: E, payload: AppEvents[E]): Promise<void> {
    try {
      await this.emit(event, payload);
    } catch (e) {
      this.log('event subscriber failed', { event, error: e instanceof Error ? e.message : String(e) });
    }
  }
}
