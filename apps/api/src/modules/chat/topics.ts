import crypto from 'node:crypto';
import { ChatCategory, DocumentStatus, type TChatTopic, type TChatTopicDocument } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { DocumentViews } from '../document/document.views';
import type { ChatRepo, ChatTopicRow } from './chat.repo';
import { messageJson, topicJson } from './chat.mapper';

export interface ChatViewer {
  userId: number;
  isAdmin: boolean;
}

export interface ChatTopicsDeps {
  db: Db;
  repo: ChatRepo;
  settings: ConfigService;
  documents: { views: Pick<DocumentViews, 'visible' | 'byIds'> };
}

/**
 * The chat's topics and their messages as their owner (or an administrator) sees them: create one (a document
 * Q&A topic bound to documents the asker may read), rename, delete, list, the documents a Q&A topic answers from.
 */
export class ChatTopics {
  constructor(private readonly deps: ChatTopicsDeps) {}

  /** The topic, if the viewer may see it (its owner, or an administrator); else the same 404 as a missing one. */
  async ownTopic(by: { id?: number; uuid?: string }, viewer: ChatViewer): Promise<ChatTopicRow> {
    const t = await this.deps.repo.topic(by);
    if (!t || (!viewer.isAdmin && t.userId !== viewer.userId)) throw notFound('会话不存在或已被删除');
    return t;
  }

  /**
   * A new topic. AI search and document Q&A work with AI off or no model (they answer with references); plain
   * chat needs AI on. A document Q&A topic is bound to documents a reader may read that are converted.
   */
  async createTopic(userId: number, body: { category: 0 | 1 | 2; title?: string; document_id?: number[] }): Promise<TChatTopic> {
    if (body.category === ChatCategory.Dialog && !(await this.deps.settings.get('llm')).enable) throw badRequest('AI 功能未开启');
    const documentIds = body.category === ChatCategory.Document ? (body.document_id ?? []) : [];
    if (body.category === ChatCategory.Document) {
      if (!documentIds.length) throw badRequest('请选择要提问的文档');
      for (const id of documentIds) {
        // the document page's rule: one the asker may not see (disabled, under review, rejected, deleted) answers
        // as if it did not exist, the same 404 — its title never travels in a refusal
        const d = await this.deps.documents.views.visible({ id }, { userId, isAdmin: false });
        if (d.status !== DocumentStatus.Converted) throw badRequest(`《${d.title}》尚未转换完成或已被禁用，暂不能提问`);
      }
    }
    const t = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.insertTopic(tx, {
        uuid: crypto.randomUUID(),
        userId,
        category: body.category,
        title: body.title ?? '',
        documentId: documentIds[0] ?? null,
      });
      await this.deps.repo.bindDocuments(tx, row.id, documentIds);
      return row;
    });
    return topicJson(t);
  }

  /** The documents a Q&A topic answers from; ones deleted or disabled since are marked unavailable. */
  async topicDocuments(topicId: number, viewer: ChatViewer): Promise<{ total: number; document: TChatTopicDocument[] }> {
    const t = await this.ownTopic({ id: topicId }, viewer);
    const ids = await this.deps.repo.topicDocumentIds(t.id);
    const rows = new Map((await this.deps.documents.views.byIds(ids, true)).map((d) => [d.id, d]));
    const document = ids.flatMap((id) => {
      const d = rows.get(id);
      if (!d) return [];
      return [{ id: d.id, uuid: d.uuid, title: d.title, ext: d.ext, pages: d.pages, available: d.status === DocumentStatus.Converted && !d.deletedAt }];
    });
    return { total: document.length, document };
  }

  /** Unbinds a document from the asker's Q&A topic. */
  async removeTopicDocument(topicId: number, documentId: number, userId: number): Promise<void> {
    const t = await this.ownTopic({ id: topicId }, { userId, isAdmin: false });
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.repo.unbindDocument(tx, t.id, documentId))) throw notFound('该文档不在这个会话中');
      if (t.documentId === documentId) {
        const rest = await this.deps.repo.topicDocumentIds(t.id, tx);
        await this.deps.repo.updateTopic(tx, t.id, { documentId: rest[0] ?? null });
      }
    });
  }

  async getTopic(by: { id?: number; uuid?: string }, viewer: ChatViewer): Promise<TChatTopic> {
    return topicJson(await this.ownTopic(by, viewer));
  }

  async renameTopic(id: number, title: string, userId: number): Promise<TChatTopic> {
    const t = await this.ownTopic({ id }, { userId, isAdmin: false });
    return topicJson(await this.deps.repo.updateTopic(this.deps.db, t.id, { title }));
  }

  async deleteTopics(ids: number[], viewer: ChatViewer): Promise<number> {
    return this.deps.repo.deleteTopics(ids, viewer.isAdmin ? undefined : viewer.userId);
  }

  async deleteTopicsOfUsers(ids: number[]): Promise<void> {
    await this.deps.repo.deleteTopicsOfUsers(ids);
  }

  async listTopics(userId: number, q: { page: number; size: number; category?: number[]; wd?: string }) {
    const { rows, total } = await this.deps.repo.listTopics({ userId: [userId], category: q.category, wd: q.wd }, q.page, q.size);
    return { total, topic: rows.map((r) => topicJson(r.topic)) };
  }

  async listAllTopics(q: { page: number; size: number; category?: number[]; wd?: string; user_id?: number[] }) {
    const { rows, total } = await this.deps.repo.listTopics({ userId: q.user_id, category: q.category, wd: q.wd, withUsername: true }, q.page, q.size);
    return { total, topic: rows.map((r) => topicJson(r.topic, r.username)) };
  }

  async listMessages(topicId: number, viewer: ChatViewer, page: number, size: number) {
    const t = await this.ownTopic({ id: topicId }, viewer);
    const { rows, total } = await this.deps.repo.messages(t.id, page, size);
    return { total, message: rows.map(messageJson) };
  }
}
