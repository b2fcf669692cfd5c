import { DocumentStatus } from '@wenku/contracts';
import type { Db, Tx } from '../../db/client';
import type { EventBus } from '../../kernel/events';
import type { Logger } from '../../kernel/module';
import type { Caches } from '../../lib/cache';
import { badRequest } from '../../lib/errors';
import type { AccountService } from '../account/account.service';
import type { PunishmentService } from '../account/punishment.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ConfigService } from '../config/config.service';
import type { ContentService } from '../content/content.service';
import type { CreditService } from '../credit/credit.service';
import type { UserService } from '../user/user.service';
import type { DocumentCache } from './document.cache';
import type { DocumentRepo } from './document.repo';

/** Statuses the public may see in lists: converted only; owners and admins see everything. */
export const PUBLIC_STATUSES = [DocumentStatus.Converted];
export const HIDDEN_STATUSES: number[] = [DocumentStatus.Disabled, DocumentStatus.PendingReview, DocumentStatus.ReviewRejected];

export interface Viewer {
  userId?: number;
  isAdmin: boolean;
}

/** What a finished conversion tells the documents of its file. */
export interface ConversionOutcome {
  pages: number;
  preview: number;
  width: number;
  height: number;
  gzip: boolean;
  /** the first text of the file, for documents without a description */
  summary?: string;
}

/** What the document module is built from, passed as one object (index.ts). */
export interface DocumentDeps {
  db: Db;
  repo: DocumentRepo;
  users: UserService;
  credits: CreditService;
  settings: ConfigService;
  punishments: PunishmentService;
  account: AccountService;
  attachments: AttachmentService;
  content: ContentService;
  events: EventBus;
  log: Logger;
  caches: Caches;
}

/** What every use case of the module is made of: the dependencies and the one memory of documents they share. */
export interface DocumentPartDeps extends DocumentDeps {
  cache: DocumentCache;
}

/**
 * The dependencies each use case reads as its own fields (`this.repo`, `this.settings` …), and what every write
 * does: the document categories' rule, the counts kept on users and categories, the news of a change.
 */
export abstract class DocumentPart {
  protected readonly db: Db;
  protected readonly repo: DocumentRepo;
  protected readonly users: UserService;
  protected readonly credits: CreditService;
  protected readonly settings: ConfigService;
  protected readonly punishments: PunishmentService;
  protected readonly account: AccountService;
  protected readonly attachments: AttachmentService;
  protected readonly content: ContentService;
  protected readonly events: EventBus;
  protected readonly cache: DocumentCache;
  constructor(deps: DocumentPartDeps) {
    ({
      db: this.db,
      repo: this.repo,
      users: this.users,
      credits: this.credits,
      settings: this.settings,
      punishments: this.punishments,
      account: this.account,
      attachments: this.attachments,
      content: this.content,
      events: this.events,
      cache: this.cache,
    } = deps);
  }

  /** Documents changed: what is held in memory about them goes (in every process), then the followers hear it. */
  protected async changed(ids: number[]) {
    if (!ids.length) return;
    await this.cache.forget();
    await this.events.emit('document.changed', { ids });
  }

  protected async requestConversionOf(hashes: Iterable<string>, force: boolean) {
    for (const hash of new Set(hashes)) await this.events.emit('document.conversion-requested', { hash, force });
  }

  /** Recounts doc_count of these users and categories, inside the caller's transaction. */
  protected async recount(tx: Tx, userIds: number[], categoryIds: number[]) {
    for (const [userId, n] of await this.repo.liveCountsOfUsers(tx, [...new Set(userIds)])) await this.users.setCounts(tx, userId, { docCount: n });
    await this.content.setDocCounts(tx, await this.repo.liveCountsOfCategories(tx, [...new Set(categoryIds)]));
  }

  protected async assertDocumentCategories(ids: number[], requireEnabled: boolean) {
    const rows = await this.content.categoriesByIds(ids);
    if (rows.length !== new Set(ids).size || rows.some((c) => c.type !== 0 || (requireEnabled && !c.enable))) {
      throw badRequest(requireEnabled ? '文档分类不存在或已停用' : '文档分类不存在');
    }
  }
}
