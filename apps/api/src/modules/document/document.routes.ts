import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import type { Viewer } from './document.service';
import { documentPage } from './document.page';

const ok = { ok: true };
const viewer = (auth: AuthState | null, permitted: boolean): Viewer => ({ userId: auth?.userId, isAdmin: permitted });

export function documentRoutes(deps: Deps): RouteHandlers {
  const { documents, conversion } = deps;
  return {
    createDocuments: async ({ body, auth }) => ({ document: await documents.upload.create(auth.userId, body) }),
    updateDocument: ({ req, body, auth }) => documents.edits.update(viewer(auth, req.permitted), body, (hash) => conversion.isConverted(hash)),
    deleteDocument: async ({ req, query, auth }) => (await documents.edits.softDelete(viewer(auth, req.permitted), query.id), ok),
    getDocument: ({ req, query, auth }) => documentPage(deps, { id: query.id, uuid: query.uuid }, viewer(auth, req.permitted), query.with_author !== false),
    listDocuments: ({ req, query, auth }) => documents.views.list(query, viewer(auth, req.permitted)),
    homeDocuments: ({ query }) => documents.views.home(query.limit),
    relatedDocuments: ({ query }) => documents.views.related({ id: query.id, uuid: query.uuid }),
    setDocumentRecommend: async ({ body }) => (await documents.admin.setRecommend(body.id, body.type), ok),
    checkDocument: async ({ body }) => (await documents.admin.check(body.id, body.status, body.reason), ok),
    reconvertDocuments: async ({ body }) => ({ ok: true, count: await documents.conversion.requestConversion(body.id, true) }),
    setDocumentsCategory: async ({ body }) => (await documents.admin.setCategory(body.document_id, body.category_id), ok),
    setDocumentsLanguage: async ({ body }) => (await documents.admin.setLanguage(body.document_id, body.language), ok),
    listRecycleDocuments: ({ req, query, auth }) => documents.views.list({ ...query, deleted: true }, viewer(auth, req.permitted)),
    restoreRecycleDocuments: async ({ body }) => (await documents.admin.restore(body.id), ok),
    deleteRecycleDocuments: async ({ query }) => (await documents.admin.purge(query.id), ok),
    emptyRecycleDocuments: async () => (await documents.admin.purge('all'), ok),
  };
}
