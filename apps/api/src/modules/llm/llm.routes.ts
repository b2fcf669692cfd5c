import type { Deps, RouteHandlers } from '../../kernel/module';
import { sendNdjson } from '../../lib/ndjson';

export function llmRoutes({ llm }: Deps): RouteHandlers {
  return {
    listLlmModels: ({ query }) => llm.listModels(query.kind),
    createLlmModel: ({ body }) => llm.saveModel(undefined, body),
    updateLlmModel: ({ body }) => llm.saveModel(body.id, body),
    deleteLlmModels: async ({ query }) => ({ ok: (await llm.deleteModels(query.id)) > 0 }),
    testLlmModel: async ({ req, reply, body }) => {
      await llm.modelForTest(body.id);
      await sendNdjson(req, reply, (signal) => llm.testModel(body.id, body.prompt, signal));
      return undefined as never; // answered on the socket
    },
  };
}
