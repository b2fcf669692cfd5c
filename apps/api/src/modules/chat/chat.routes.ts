import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import { perUserLimit } from '../../kernel/route';
import type { ChatViewer } from './chat.service';
import { sendNdjson } from './chat.ndjson';

const viewer = (auth: AuthState, permitted: boolean): ChatViewer => ({ userId: auth.userId, isAdmin: permitted });

/** Questions per asker (the account, whatever its token or address): the daily quota is the real limit; this only stops a runaway client. */
const perAsker = { rateLimit: perUserLimit(30, '1 minute') };

export function chatRoutes({ chat }: Deps): RouteHandlers {
  return {
    createChatTopic: ({ body, auth }) => chat.createTopic(auth.userId, body),
    updateChatTopic: ({ body, auth }) => chat.renameTopic(body.id, body.title, auth.userId),
    deleteChatTopics: async ({ req, query, auth }) => ({ ok: (await chat.deleteTopics(query.id, viewer(auth, req.permitted))) > 0 }),
    getChatTopic: ({ req, query, auth }) => chat.getTopic({ id: query.id, uuid: query.uuid }, viewer(auth, req.permitted)),
    listChatTopics: ({ query, auth }) => chat.listTopics(auth.userId, query),
    listAllChatTopics: ({ query }) => chat.listAllTopics(query),
    listChatTopicDocuments: ({ req, query, auth }) => chat.topicDocuments(query.topic_id, viewer(auth, req.permitted)),
    removeChatTopicDocument: async ({ query, auth }) => {
      await chat.removeTopicDocument(query.topic_id, query.document_id, auth.userId);
      return { ok: true };
    },
    listChatMessages: ({ req, query, auth }) => chat.listMessages(query.topic_id, viewer(auth, req.permitted), query.page, query.size),
    sendChatMessage: { ...perAsker, handler: ({ body, auth }) => chat.send(auth.userId, body) },
    streamChatMessage: {
      ...perAsker,
      handler: async ({ req, reply, body, auth }) => {
        // refusals (topic, quota, credits, no model) are plain JSON errors before the stream starts
        const g = await chat.start(auth.userId, body);
        await sendNdjson(req, reply, (signal) => chat.run(g, signal));
        return undefined as never; // answered on the socket
      },
    },
    cancelChatMessage: ({ body, auth }) => chat.cancel(body.id, auth.userId),
    listLlmModels: ({ query }) => chat.listModels(query.kind),
    createLlmModel: ({ body }) => chat.saveModel(undefined, body),
    updateLlmModel: ({ body }) => chat.saveModel(body.id, body),
    deleteLlmModels: async ({ query }) => ({ ok: (await chat.deleteModels(query.id)) > 0 }),
    testLlmModel: async ({ req, reply, body }) => {
      await chat.modelForTest(body.id);
      await sendNdjson(req, reply, (signal) => chat.testModel(body.id, body.prompt, signal));
      return undefined as never; // answered on the socket
    },
  };
}
