import type { RouteHandlers } from '../../kernel/module';
import { notFound } from '../../lib/errors';

/**
 * TEMPORARY — delete at merge. Every contract route needs exactly one handler or the API does not start; these two
 * chat routes belong to the chat module's document Q&A (another branch). Until it lands they answer 404.
 */
export function tempChatRoutes(): RouteHandlers {
  return {
    listChatTopicDocuments: () => {
      throw notFound('会话不存在或已被删除');
    },
    removeChatTopicDocument: () => {
      throw notFound('会话不存在或已被删除');
    },
  };
}
