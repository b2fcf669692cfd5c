/**
 * The anonymous answers held in shared caches (issue 16) are only ever built from what an anonymous visitor may
 * see: an administrator or the owner looking at a hidden document (disabled, pending review, rejected) goes past
 * the caches, so the next visitor without a token is refused — never served the privileged copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';
import { makeDocument } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('anonymous caches and hidden documents', () => {
  it('an administrator or the owner reading a disabled document never fills the anonymous answer', async () => {
    const doc = await makeDocument(t, { text: ['hidden page'], converted: true });
    // an anonymous visitor reads it while it is public: the answer and the list are cached
    expect((await call(t, api.getDocument, { query: { uuid: doc.uuid } })).id).toBe(doc.id);
    const before = await call(t, api.listDocuments, { query: { page: 1, size: 100 } });
    expect(before.document.map((d) => d.id)).toContain(doc.id);

    await call(t, api.updateDocument, { body: { id: doc.id, status: DocumentStatus.Disabled }, as: 'admin' });

    // the privileged readers see it, by id and by uuid, and in the lists they may ask for
    for (const query of [{ id: doc.id }, { uuid: doc.uuid }]) {
      expect((await call(t, api.getDocument, { query, as: 'admin' })).status).toBe(DocumentStatus.Disabled);
      expect((await call(t, api.getDocument, { query, as: doc.owner })).status).toBe(DocumentStatus.Disabled);
    }
    const adminList = await call(t, api.listDocuments, { query: { page: 1, size: 100, status: [DocumentStatus.Disabled] }, as: 'admin' });
    expect(adminList.document.map((d) => d.id)).toContain(doc.id);

    // and the visitor without a token, asking the same questions right after, is refused and does not see it listed
    for (let i = 0; i < 2; i++) {
      for (const query of [{ id: doc.id }, { uuid: doc.uuid }]) {
        const err = await callError(t, api.getDocument, { query });
        expect(err.status).toBe(404);
        expect(err.message).toBe('文档不存在或已被删除');
      }
      const list = await call(t, api.listDocuments, { query: { page: 1, size: 100 } });
      expect(list.document.map((d) => d.id)).not.toContain(doc.id);
      const filtered = await call(t, api.listDocuments, { query: { page: 1, size: 100, status: [DocumentStatus.Disabled] } });
      expect(filtered.document.map((d) => d.id)).not.toContain(doc.id);
    }

    // enabled again: the visitor sees it at once (the refusal was not cached either)
    await call(t, api.updateDocument, { body: { id: doc.id, status: DocumentStatus.Converted }, as: 'admin' });
    expect((await call(t, api.getDocument, { query: { uuid: doc.uuid } })).id).toBe(doc.id);
  });
});
