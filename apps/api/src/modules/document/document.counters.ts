import type { Exec } from '../../db/client';
import type { DocumentRepo } from './document.repo';

/**
 * Counters on the documents' rows that other modules keep: each recounts inside its own transaction and hands the
 * number here (after the commit they call `documents.cache.countsChanged()`).
 */
export class DocumentCounters {
  constructor(private readonly deps: { repo: DocumentRepo }) {}

  /** Favourite and comment counts, recounted by the interaction module inside its transaction. */
  setInteractionCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]) {
    return this.deps.repo.setCounts(tx, rows);
  }

  setScore(tx: Exec, id: number, score: number, scoreCount: number) {
    return this.deps.repo.setScore(tx, id, score, scoreCount);
  }

  /** One more download, inside the download's transaction. */
  countDownload(tx: Exec, id: number) {
    return this.deps.repo.addDownloads(tx, id, 1);
  }
}
