import { defineModule } from '../../kernel/module';
import { ChatRepo } from './chat.repo';
import { ChatTopics } from './topics';
import { ChatAnswers } from './answers';
import { chatRoutes } from './chat.routes';

declare module '../../kernel/module' {
  interface Services {
    chatTopics: ChatTopics;
    chatAnswers: ChatAnswers;
  }
}

/**
 * AI chat, AI search and document Q&A: topics and messages (`topics.ts`), streamed answers with stop, quotas and
 * credits (`answers.ts`); the model comes from the llm module, and search and Q&A answers are written from
 * passages the knowledge module retrieves.
 */
export default defineModule({
  name: 'chat',
  create: ({ db, settings, credits, account, documents, llm, retrieval, downloads, log }) => {
    const repo = new ChatRepo(db);
    const chatTopics = new ChatTopics({ db, repo, settings, documents });
    const chatAnswers = new ChatAnswers({
      db,
      repo,
      topics: chatTopics,
      settings,
      credits,
      account,
      llm,
      retriever: retrieval,
      reading: downloads,
      log,
    });
    return { chatTopics, chatAnswers };
  },
  routes: chatRoutes,
  events: ({ chatTopics }) => ({ 'user.deleted': ({ ids }) => chatTopics.deleteTopicsOfUsers(ids) }),
  recover: async ({ chatAnswers }) => ({ chatAnswersFailed: await chatAnswers.recover() }),
  close: async ({ chatAnswers }) => chatAnswers.close(),
});
