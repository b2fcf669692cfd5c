import type { FastifyRequest } from 'fastify';
import { TargetType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { unauthorized } from '../../lib/errors';
import type { Viewer } from '../document/document.service';

const ok = { ok: true };
const viewer = (req: FastifyRequest): Viewer => ({ userId: req.auth?.userId, isAdmin: req.permitted });

export function interactionRoutes({ interactions }: Deps): RouteHandlers {
  return {
    setDocumentScore: async ({ req, body }) => (await interactions.score(req.auth!.userId, body!.document_id, body!.score), ok),
    getDocumentScore: async ({ req, query }) => ({
      score: (await interactions.viewerState(TargetType.Document, query!.document_id, req.auth!.userId)).my_score,
    }),
    createFavorite: ({ req, body }) => interactions.favorite(req.auth!.userId, body!.document_id, body!.type, req.ip),
    deleteFavorite: async ({ req, query }) => (await interactions.unfavorite(req.auth!.userId, query!.id), ok),
    getFavorite: ({ req, query }) => interactions.getFavorite(req.auth!.userId, query!.document_id, query!.type),
    listFavorites: ({ req, query }) => {
      const userId = query!.user_id ?? req.auth?.userId;
      if (!userId) throw unauthorized();
      return interactions.listFavorites(userId, query!.type, query!.page, query!.size);
    },
    createComment: ({ req, body }) => interactions.comment(req.auth!.userId, body!, req.ip),
    deleteComment: async ({ req, query }) => (await interactions.deleteComments(viewer(req), query!.id), ok),
    listComments: ({ req, query }) => interactions.listComments(query!, viewer(req)),
    getComment: ({ query }) => interactions.getComment(query!.id),
    updateComment: ({ body }) => interactions.updateComment(body!),
    checkComment: async ({ body }) => (await interactions.checkComments(body!.id, body!.status), ok),
    createReport: async ({ req, body }) => (await interactions.report(req.auth!.userId, body!), ok),
    updateReport: ({ body }) => interactions.updateReport(body!.id, body!.status, body!.remark),
    deleteReport: async ({ query }) => (await interactions.deleteReports(query!.id), ok),
    listReports: ({ query }) => interactions.listReports(query!),
  };
}
