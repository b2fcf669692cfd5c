import { TargetType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import { unauthorized } from '../../lib/errors';
import type { Viewer } from '../document/document.service';

const ok = { ok: true };
const viewer = (auth: AuthState | null, permitted: boolean): Viewer => ({ userId: auth?.userId, isAdmin: permitted });

export function interactionRoutes({ interactions }: Deps): RouteHandlers {
  return {
    setDocumentScore: async ({ body, auth }) => (await interactions.score(auth.userId, body.document_id, body.score), ok),
    getDocumentScore: async ({ query, auth }) => ({
      score: (await interactions.viewerState(TargetType.Document, query.document_id, auth.userId)).my_score,
    }),
    createFavorite: ({ req, body, auth }) => interactions.favorite(auth.userId, body.document_id, body.type, req.ip),
    deleteFavorite: async ({ query, auth }) => (await interactions.unfavorite(auth.userId, query.id), ok),
    getFavorite: ({ query, auth }) => interactions.getFavorite(auth.userId, query.document_id, query.type),
    listFavorites: ({ query, auth }) => {
      const userId = query.user_id ?? auth?.userId;
      if (!userId) throw unauthorized();
      return interactions.listFavorites(userId, query.type, query.page, query.size);
    },
    createComment: ({ req, body, auth }) => interactions.comment(auth.userId, body, req.ip),
    deleteComment: async ({ req, query, auth }) => (await interactions.deleteComments(viewer(auth, req.permitted), query.id), ok),
    listComments: ({ req, query, auth }) => interactions.listComments(query, viewer(auth, req.permitted)),
    getComment: ({ query }) => interactions.getComment(query.id),
    updateComment: ({ body }) => interactions.updateComment(body),
    checkComment: async ({ body }) => (await interactions.checkComments(body.id, body.status), ok),
    createReport: async ({ body, auth }) => (await interactions.report(auth.userId, body), ok),
    updateReport: ({ body }) => interactions.updateReport(body.id, body.status, body.remark),
    deleteReport: async ({ query }) => (await interactions.deleteReports(query.id), ok),
    listReports: ({ query }) => interactions.listReports(query),
  };
}
