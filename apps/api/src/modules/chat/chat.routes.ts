import type { FastifyRequest } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { perUserLimit } from '../../kernel/route';
import type { ChatViewer } from './chat.service';
import { sendNdjson } from './chat.ndjson';

const viewer = (req: FastifyRequest): ChatViewer => ({ userId: req.auth!.userId, isAdmin: req.permitted === true });

/** Questions per asker (the account, whatever its token or address): the daily quota is the real limit; this only stops a runaway client. */
const perAsker = { rateLimit: perUserLimit(30, '1 minute') };

export function chatRoutes({ chat }: Deps): RouteHandlers {
  return {
    createChatTopic: ({ req, body }) => chat.createTopic(req.auth!.userId, body!),
    updateChatTopic: ({ req, body }) => chat.renameTopic(body!.id, body!.title, req.auth!.userId),
    deleteChatTopics: async ({ req, query }) => ({ ok: (await chat.deleteTopics(query!.id, viewer(req))) > 0 }),
    getChatTopic: ({ req, query }) => chat.getTopic({ id: query!.id, uuid: query!.uuid }, viewer(req)),
    listChatTopics: ({ req, query }) => chat.listTopics(req.auth!.userId, query!),
    listAllChatTopics: ({ query }) => chat.listAllTopics(query!),
    listChatTopicDocuments: ({ req, query }) => chat.topicDocuments(query!.topic_id, viewer(req)),
    removeChatTopicDocument: async ({ req, query }) => {
      await chat.removeTopicDocument(query!.topic_id, query!.document_id, req.auth!.userId);
      return { ok: true };
    },
    listChatMessages: ({ req, query }) => chat.listMessages(query!.topic_id, viewer(req), query!.page, query!.size),
    sendChatMessage: { ...perAsker, handler: ({ req, body }) => chat.send(req.auth!.userId, body!) },
    streamChatMessage: {
      ...perAsker,
      handler: async ({ req, reply, body }) => {
        // refusals (topic, quota, credits, no model) are plain JSON errors before the stream starts
        const g = await chat.start(req.auth!.userId, body!);
        await sendNdjson(req, reply, (signal) => chat.run(g, signal));
        return undefined as never; // answered on the socket
      },
    },
    cancelChatMessage: ({ req, body }) => chat.cancel(body!.id, req.auth!.userId),
    listLlmModels: ({ query }) => chat.listModels(query!.kind),
    createLlmModel: ({ body }) => chat.saveModel(undefined, body!),
    updateLlmModel: ({ body }) => chat.saveModel(body!.id, body!),
    deleteLlmModels: async ({ query }) => ({ ok: (await chat.deleteModels(query!.id)) > 0 }),
    testLlmModel: async ({ req, reply, body }) => {
      await chat.modelForTest(body!.id);
      await sendNdjson(req, reply, (signal) => chat.testModel(body!.id, body!.prompt, signal));
      return undefined as never; // answered on the socket
    },
  };
}
