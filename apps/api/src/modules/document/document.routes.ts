import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import type { Viewer } from './document.service';
import { documentPage } from './document.page';

const ok = { ok: true };
const viewer = (auth: AuthState | null, permitted: boolean): Viewer => ({ userId: auth?.userId, isAdmin: permitted });

export function documentRoutes(deps: Deps): RouteHandlers {
  const { documents, conversion } = deps;
  return {
    createDocuments: async ({ body, auth }) => ({ document: await documents.create(auth.userId, body) }),
    updateDocument: ({ req, body, auth }) => documents.update(viewer(auth, req.permitted), body, (hash) => conversion.isConverted(hash)),
    deleteDocument: async ({ req, query, auth }) => (await documents.softDelete(viewer(auth, req.permitted), query.id), ok),
    getDocument: ({ req, query, auth }) => documentPage(deps, { id: query.id, uuid: query.uuid }, viewer(auth, req.permitted), query.with_author !== false),
    listDocuments: ({ req, query, auth }) => documents.list(query, viewer(auth, req.permitted)),
    homeDocuments: ({ query }) => documents.home(query.limit),
    relatedDocuments: ({ query }) => documents.related({ id: query.id, uuid: query.uuid }),
    setDocumentRecommend: async ({ body }) => (await documents.setRecommend(body.id, body.type), ok),
    checkDocument: async ({ body }) => (await documents.check(body.id, body.status, body.reason), ok),
    reconvertDocuments: async ({ body }) => ({ ok: true, count: await documents.requestConversion(body.id, true) }),
    setDocumentsCategory: async ({ body }) => (await documents.setCategory(body.document_id, body.category_id), ok),
    setDocumentsLanguage: async ({ body }) => (await documents.setLanguage(body.document_id, body.language), ok),
    listRecycleDocuments: ({ req, query, auth }) => documents.list({ ...query, deleted: true }, viewer(auth, req.permitted)),
    restoreRecycleDocuments: async ({ body }) => (await documents.restore(body.id), ok),
    deleteRecycleDocuments: async ({ query }) => (await documents.purge(query.id), ok),
    emptyRecycleDocuments: async () => (await documents.purge('all'), ok),
  };
}
