import type { FastifyRequest } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { Viewer } from './document.service';
import { documentPage } from './document.page';

const ok = { ok: true };
const viewer = (req: FastifyRequest): Viewer => ({ userId: req.auth?.userId, isAdmin: req.permitted });

export function documentRoutes(deps: Deps): RouteHandlers {
  const { documents, conversion } = deps;
  return {
    createDocuments: async ({ req, body }) => ({ document: await documents.create(req.auth!.userId, body!) }),
    updateDocument: ({ req, body }) => documents.update(viewer(req), body!, (hash) => conversion.isConverted(hash)),
    deleteDocument: async ({ req, query }) => (await documents.softDelete(viewer(req), query!.id), ok),
    getDocument: ({ req, query }) => documentPage(deps, { id: query!.id, uuid: query!.uuid }, viewer(req), query!.with_author !== false),
    listDocuments: ({ req, query }) => documents.list(query! as never, viewer(req)),
    homeDocuments: ({ query }) => documents.home(query!.limit),
    relatedDocuments: ({ query }) => documents.related({ id: query!.id, uuid: query!.uuid }),
    setDocumentRecommend: async ({ body }) => (await documents.setRecommend(body!.id, body!.type), ok),
    checkDocument: async ({ body }) => (await documents.check(body!.id, body!.status, body!.reason), ok),
    reconvertDocuments: async ({ body }) => ({ ok: true, count: await documents.requestConversion(body!.id, true) }),
    setDocumentsCategory: async ({ body }) => (await documents.setCategory(body!.document_id, body!.category_id), ok),
    setDocumentsLanguage: async ({ body }) => (await documents.setLanguage(body!.document_id, body!.language), ok),
    listRecycleDocuments: ({ req, query }) => documents.list({ ...query!, deleted: true } as never, viewer(req)),
    restoreRecycleDocuments: async ({ body }) => (await documents.restore(body!.id), ok),
    deleteRecycleDocuments: async ({ query }) => (await documents.purge(query!.id), ok),
    emptyRecycleDocuments: async () => (await documents.purge('all'), ok),
  };
}
