import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import { perUserLimit } from '../../kernel/route';
import { sendNdjson } from '../../lib/ndjson';
import type { ChatViewer } from './topics';

const viewer = (auth: AuthState, permitted: boolean): ChatViewer => ({ userId: auth.userId, isAdmin: permitted });

/** Questions per asker (the account, whatever its token or address): the daily quota is the real limit; this only stops a runaway client. */
const perAsker = { rateLimit: perUserLimit(30, '1 minute') };

export function chatRoutes({ chatTopics: topics, chatAnswers: answers }: Deps): RouteHandlers {
  return {
    createChatTopic: ({ body, auth }) => topics.createTopic(auth.userId, body),
    updateChatTopic: ({ body, auth }) => topics.renameTopic(body.id, body.title, auth.userId),
    deleteChatTopics: async ({ req, query, auth }) => ({ ok: (await topics.deleteTopics(query.id, viewer(auth, req.permitted))) > 0 }),
    getChatTopic: ({ req, query, auth }) => topics.getTopic({ id: query.id, uuid: query.uuid }, viewer(auth, req.permitted)),
    listChatTopics: ({ query, auth }) => topics.listTopics(auth.userId, query),
    listAllChatTopics: ({ query }) => topics.listAllTopics(query),
    listChatTopicDocuments: ({ req, query, auth }) => topics.topicDocuments(query.topic_id, viewer(auth, req.permitted)),
    removeChatTopicDocument: async ({ query, auth }) => {
      await topics.removeTopicDocument(query.topic_id, query.document_id, auth.userId);
      return { ok: true };
    },
    listChatMessages: ({ req, query, auth }) => topics.listMessages(query.topic_id, viewer(auth, req.permitted), query.page, query.size),
    sendChatMessage: { ...perAsker, handler: ({ body, auth }) => answers.send(auth.userId, body) },
    streamChatMessage: {
      ...perAsker,
      handler: async ({ req, reply, body, auth }) => {
        // refusals (topic, quota, credits, no model) are plain JSON errors before the stream starts
        const g = await answers.start(auth.userId, body);
        await sendNdjson(req, reply, (signal) => answers.run(g, signal));
        return undefined as never; // answered on the socket
      },
    },
    cancelChatMessage: ({ body, auth }) => answers.cancel(body.id, auth.userId),
  };
}
