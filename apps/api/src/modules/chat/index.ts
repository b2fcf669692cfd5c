import { defineModule } from '../../kernel/module';
import { ChatRepo } from './chat.repo';
import { ChatService } from './chat.service';
import { chatRoutes } from './chat.routes';

declare module '../../kernel/module' {
  interface Services {
    chat: ChatService;
  }
}

/**
 * AI chat, AI search and document Q&A: topics, messages, streamed answers with stop, quotas and credits, the
 * configured models; search and Q&A answers are written from passages the knowledge module retrieves.
 */
export default defineModule({
  name: 'chat',
  create: ({ db, settings, credits, account, documents, knowledge, downloads, log, outbound }) => ({
    chat: new ChatService(db, new ChatRepo(db), settings, credits, account, documents, knowledge, downloads, log, outbound),
  }),
  routes: chatRoutes,
  events: ({ chat }) => ({ 'user.deleted': ({ ids }) => chat.deleteTopicsOfUsers(ids) }),
  recover: async ({ chat }) => ({ chatAnswersFailed: await chat.recover() }),
  close: async ({ chat }) => chat.close(),
});
