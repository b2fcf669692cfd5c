import { defineModule } from '../../kernel/module';
import { LlmRepo } from './llm.repo';
import { LlmService } from './llm.service';
import { llmRoutes } from './llm.routes';

declare module '../../kernel/module' {
  interface Services {
    llm: LlmService;
  }
}

/**
 * The configured language models (admin ai/llm beside config/llm): owner of `llm_models`, it resolves the chat
 * model and the embedding models in their order of preference for the chat and the AI index.
 */
export default defineModule({
  name: 'llm',
  create: ({ db, settings, outbound, log }) => ({ llm: new LlmService({ db, repo: new LlmRepo(db), settings, outbound, log }) }),
  routes: llmRoutes,
});
