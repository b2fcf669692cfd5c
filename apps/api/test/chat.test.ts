import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ChatMessageStatus, type TChatStreamEvent } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { makeUser, type TestUser } from './factories';
import { fakeAnswer, startFakeLlm, type FakeLlm } from './fakes/llm-server';
import { setConfig } from './fakes/util';
import { streamChat } from './chat-stream';

/**
 * AI chat end to end against a local OpenAI-compatible server: the NDJSON sequence, stop and client disconnect
 * (upstream aborted, the partial answer kept as cancelled), quota (refused before anything goes upstream),
 * ownership, the history window, a failing model (the question given back), the admin's models and conversations.
 */
let t: TestApp;
let llm: FakeLlm;
let base: string;
const KEY = 'sk-test-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  llm = await startFakeLlm({ apiKey: KEY });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await setConfig(t, 'llm', {
    enable: true,
    provider: 'custom',
    base_url: llm.url,
    api_key: KEY,
    model: 'fake-chat',
    daily_quota: 100,
    history_window: 10,
    system_prompt: '你是测试助手',
  });
});
afterAll(async () => {
  await llm?.close();
  await t?.close();
});

const stream = (u: TestUser, body: { topic_id: number; content: string }, onEvent?: Parameters<typeof streamChat>[3]) => streamChat(base, u, body, onEvent);
const topicOf = (u: TestUser, category: 0 | 1 | 2 = 0) => call(t, api.createChatTopic, { body: { category }, as: u });

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('asking and streaming', () => {
  it('streams message → deltas → done as NDJSON, saves both messages and titles the topic from the question', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    expect(topic).toMatchObject({ category: 0, title: '', message_count: 0 });
    const r = await stream(u, { topic_id: topic.id, content: '什么是 Debian 的软件包？' });
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/application\/x-ndjson/);
    const types = r.events.map((e) => e.type).filter((x) => x !== 'ping');
    expect(types[0]).toBe('message');
    expect(types.at(-1)).toBe('done');
    expect(types.filter((x) => x === 'delta').length).toBeGreaterThan(2);
    const first = r.events[0] as Extract<TChatStreamEvent, { type: 'message' }>;
    expect(first.message).toMatchObject({ role: 'user', content: '什么是 Debian 的软件包？', status: ChatMessageStatus.Success });
    expect(first.answer).toMatchObject({ role: 'assistant', status: ChatMessageStatus.Generating });
    const text = r.events.flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('');
    const done = r.events.at(-1) as Extract<TChatStreamEvent, { type: 'done' }>;
    expect(done.message).toMatchObject({ role: 'assistant', status: ChatMessageStatus.Success, content: text, model: 'fake-chat' });
    expect(text).toBe(fakeAnswer([{ role: 'user', content: '什么是 Debian 的软件包？' }]));
    expect(done.usage.completion_tokens).toBeGreaterThan(0);
    const list = await call(t, api.listChatMessages, { query: { topic_id: topic.id }, as: u });
    expect(list.message.map((m) => [m.role, m.status])).toEqual([
      ['user', 2],
      ['assistant', 2],
    ]);
    const after = await call(t, api.getChatTopic, { query: { uuid: topic.uuid }, as: u });
    expect(after).toMatchObject({ title: '什么是 Debian 的软件包？', message_count: 2, model: 'fake-chat', last_status: 2 });
    // the model got the system prompt and the question, with the key
    const sent = llm.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body.messages[0]).toEqual({ role: 'system', content: '你是测试助手' });
    expect(sent.body.stream).toBe(true);
  });

  it('POST /chat/message answers the finished exchange at once', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    const r = await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '你好' }, as: u });
    expect(r.question.content).toBe('你好');
    expect(r.answer).toMatchObject({ status: 2, content: fakeAnswer([{ role: 'user', content: '你好' }]) });
  });

  it('the history window sends the last N finished messages with the new question', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    await setConfig(t, 'llm', { history_window: 2 });
    try {
      for (const q of ['第一个问题', '第二个问题', '第三个问题']) await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: q }, as: u });
      const sent = llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
      expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(sent[1].content).toBe('第二个问题');
      expect(sent.at(-1)!.content).toBe('第三个问题');
    } finally {
      await setConfig(t, 'llm', { history_window: 10 });
    }
  });

  it('a stop mid-stream aborts the upstream request and keeps the partial answer as cancelled', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    llm.script({ tokenDelayMs: 60, answer: '这是一个很长的回答。'.repeat(20), chunkChars: 2 });
    const abortedBefore = llm.aborted;
    let answerId = 0;
    let deltas = 0;
    const r = await stream(u, { topic_id: topic.id, content: '讲一个长故事' }, async (e) => {
      if (e.type === 'message') answerId = e.answer!.id;
      if (e.type === 'delta' && ++deltas === 3) {
        const stopped = await call(t, api.cancelChatMessage, { body: { id: answerId }, as: u });
        expect(stopped.status).toBe(ChatMessageStatus.Cancelled);
      }
    });
    const done = r.events.at(-1) as Extract<TChatStreamEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
    expect(done.message.status).toBe(ChatMessageStatus.Cancelled);
    expect(done.message.content.length).toBeGreaterThan(0);
    expect(done.message.content.length).toBeLessThan(200);
    await waitFor(
      async () => llm.aborted,
      (n) => n > abortedBefore,
    );
    expect(llm.aborted).toBeGreaterThan(abortedBefore);
    // a finished answer is returned as it is
    expect((await call(t, api.cancelChatMessage, { body: { id: answerId }, as: u })).status).toBe(ChatMessageStatus.Cancelled);
  });

  it('a client that goes away ends the answer: upstream aborted, partial answer saved as cancelled', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    llm.script({ tokenDelayMs: 60, answer: '慢慢地回答。'.repeat(30), chunkChars: 2 });
    const abortedBefore = llm.aborted;
    let answerId = 0;
    let deltas = 0;
    await stream(u, { topic_id: topic.id, content: '慢一点' }, (e, ctrl) => {
      if (e.type === 'message') answerId = e.answer!.id;
      if (e.type === 'delta' && ++deltas === 2) ctrl.abort();
    });
    const saved = await waitFor(
      async () => (await call(t, api.listChatMessages, { query: { topic_id: topic.id }, as: u })).message.find((m) => m.id === answerId)!,
      (m) => m.status !== ChatMessageStatus.Generating && m.status !== ChatMessageStatus.Pending,
    );
    expect(saved.status).toBe(ChatMessageStatus.Cancelled);
    expect(saved.content.length).toBeGreaterThan(0);
    await waitFor(
      async () => llm.aborted,
      (n) => n > abortedBefore,
    );
    expect(llm.aborted).toBeGreaterThan(abortedBefore);
  });

  it('a failing model ends in an error event, the answer failed, and the question given back to the quota', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    const before = await call(t, api.getAiQuota, { as: u });
    llm.script({ status: 500, body: { error: { message: 'model overloaded', type: 'server_error' } } });
    llm.script({ status: 500, body: { error: { message: 'model overloaded', type: 'server_error' } } });
    llm.script({ status: 500, body: { error: { message: 'model overloaded', type: 'server_error' } } });
    const r = await stream(u, { topic_id: topic.id, content: '会失败的问题' });
    const last = r.events.at(-1) as Extract<TChatStreamEvent, { type: 'error' }>;
    expect(last.type).toBe('error');
    // the status only: what the upstream said stays in the server log (issue 25 §12)
    expect(last.message).toBe('大模型接口返回错误（HTTP 500）');
    expect(JSON.stringify(r.events)).not.toContain('model overloaded');
    expect(last.answer?.status).toBe(ChatMessageStatus.Failed);
    const after = await call(t, api.getAiQuota, { as: u });
    expect(after.used_today).toBe(before.used_today);
    expect(after.remaining).toBe(before.remaining);
  });

  it('a wrong key is reported in Chinese, not as a server error', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    await setConfig(t, 'llm', { api_key: 'sk-wrong' });
    try {
      const r = await stream(u, { topic_id: topic.id, content: '你好' });
      const last = r.events.at(-1) as Extract<TChatStreamEvent, { type: 'error' }>;
      expect(last).toMatchObject({ type: 'error', code: 'unauthorized' });
      expect(last.message).toMatch(/API Key/);
    } finally {
      await setConfig(t, 'llm', { api_key: KEY });
    }
  });
});

describe('limits and ownership', () => {
  it('over the daily quota: 429 with a sentence, and nothing is sent upstream', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    await setConfig(t, 'llm', { daily_quota: 2 });
    try {
      for (const q of ['一', '二']) await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: q }, as: u });
      const quota = await call(t, api.getAiQuota, { as: u });
      expect(quota).toMatchObject({ daily_limit: 2, used_today: 2, remaining: 0 });
      const sent = llm.requests.length;
      const r = await stream(u, { topic_id: topic.id, content: '三' });
      expect(r.status).toBe(429);
      expect(r.error?.message).toBe('今日 AI 对话次数已用完，请明天再来');
      expect((await callError(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '三' }, as: u })).status).toBe(429);
      expect(llm.requests.length).toBe(sent);
      // 10 parallel questions at the limit take nothing more
      await setConfig(t, 'llm', { daily_quota: 4 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => callRaw(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '并发' }, as: u })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(8);
    } finally {
      await setConfig(t, 'llm', { daily_quota: 100 });
    }
  });

  it("the routes' own limit (30 questions a minute) counts per account: every token of it, and no one else behind its address", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const again = await t.app.issueToken(a.id);
    // a topic that does not exist: each question is counted, then answered 404 without reaching a model
    const ask = (token: string, route: typeof api.sendChatMessage | typeof api.streamChatMessage = api.sendChatMessage) =>
      callError(t, route, { body: { topic_id: 2_000_000_000, content: '？' }, as: token });
    for (let i = 0; i < 30; i++) expect((await ask(a.token)).status).toBe(404);
    const over = await ask(a.token);
    expect(over.status).toBe(429);
    expect(over.message).toMatch(/^操作过于频繁/);
    expect((await ask(again)).status).toBe(429);
    // the same address (every request here comes from 127.0.0.1), another account: its own budget
    expect((await ask(b.token)).status).toBe(404);
    // and the stream route counts on its own
    expect((await ask(a.token, api.streamChatMessage)).status).toBe(404);
  });

  it("another user's topic is not found: read, messages, stream, rename, delete, cancel", async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const topic = await topicOf(owner);
    const r = await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '我的问题' }, as: owner });
    expect((await callError(t, api.getChatTopic, { query: { uuid: topic.uuid }, as: other })).status).toBe(404);
    expect((await callError(t, api.listChatMessages, { query: { topic_id: topic.id }, as: other })).status).toBe(404);
    expect((await stream(other, { topic_id: topic.id, content: '偷看' })).status).toBe(404);
    expect((await callError(t, api.updateChatTopic, { body: { id: topic.id, title: '改名' }, as: other })).status).toBe(404);
    expect((await callError(t, api.cancelChatMessage, { body: { id: r.answer.id }, as: other })).status).toBe(404);
    await callRaw(t, api.deleteChatTopics, { query: { id: [topic.id] }, as: other });
    expect((await call(t, api.getChatTopic, { query: { id: topic.id }, as: owner })).id).toBe(topic.id);
    const mine = await call(t, api.listChatTopics, { as: other });
    expect(mine.topic.every((x) => x.user_id === other.id)).toBe(true);
  });

  it('AI switched off: topics and questions are refused with a sentence', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    await setConfig(t, 'llm', { enable: false });
    try {
      expect(await callError(t, api.createChatTopic, { body: { category: 0 }, as: u })).toMatchObject({ status: 400, message: 'AI 功能未开启' });
      expect((await stream(u, { topic_id: topic.id, content: '你好' })).status).toBe(400);
    } finally {
      await setConfig(t, 'llm', { enable: true });
    }
  });

  it('bad input: empty or huge questions, unknown topics, anonymous callers', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    expect((await callError(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '   ' }, as: u })).message).toBe('请输入问题');
    expect((await callError(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '字'.repeat(8001) }, as: u })).status).toBe(400);
    expect((await callError(t, api.sendChatMessage, { body: { topic_id: 99999999, content: '你好' }, as: u })).status).toBe(404);
    expect((await callError(t, api.createChatTopic, { body: { category: 0 }, as: 'anonymous' })).status).toBe(401);
    expect((await callError(t, api.streamChatMessage, { body: { topic_id: topic.id, content: 'x' } })).status).toBe(401);
  });
});

describe('topics and the administrators', () => {
  it('lists own topics newest first, renames and deletes them', async () => {
    const u = await makeUser(t);
    const a = await topicOf(u);
    const b = await topicOf(u, 1);
    await call(t, api.updateChatTopic, { body: { id: a.id, title: '重命名的会话' }, as: u });
    const all = await call(t, api.listChatTopics, { as: u });
    expect(all.topic.map((x) => x.id)).toEqual([a.id, b.id]);
    expect((await call(t, api.listChatTopics, { query: { category: [1] }, as: u })).topic.map((x) => x.id)).toEqual([b.id]);
    expect((await call(t, api.listChatTopics, { query: { wd: '重命名' }, as: u })).topic.map((x) => x.id)).toEqual([a.id]);
    await call(t, api.deleteChatTopics, { query: { id: [a.id, b.id] }, as: u });
    expect((await call(t, api.listChatTopics, { as: u })).total).toBe(0);
  });

  it('administrators list every conversation with the user, read any transcript and delete it', async () => {
    const u = await makeUser(t);
    const topic = await topicOf(u);
    await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '管理员能看到吗' }, as: u });
    const all = await call(t, api.listAllChatTopics, { query: { wd: u.username }, as: 'admin' });
    expect(all.topic.map((x) => [x.id, x.username])).toEqual([[topic.id, u.username]]);
    expect((await call(t, api.listChatMessages, { query: { topic_id: topic.id }, as: 'admin' })).total).toBe(2);
    await call(t, api.deleteChatTopics, { query: { id: [topic.id] }, as: 'admin' });
    expect((await callError(t, api.getChatTopic, { query: { id: topic.id }, as: u })).status).toBe(404);
    expect((await callError(t, api.listAllChatTopics, { as: u })).status).toBe(403);
  });

  it('models: config/llm is listed read-only as id 0, saved keys are masked and kept, a test streams the answer and its latency', async () => {
    const created = await call(t, api.createLlmModel, {
      body: { title: '备用', provider: 'custom', model: 'fake-2', base_url: llm.url, api_key: KEY, kind: 'chat' },
      as: 'admin',
    });
    expect(created).toMatchObject({ api_key: '******', from_config: false, enable: true });
    const list = await call(t, api.listLlmModels, { as: 'admin' });
    expect(list.model[0]).toMatchObject({ id: 0, from_config: true, model: 'fake-chat', api_key: '******' });
    await call(t, api.updateLlmModel, { body: { id: created.id, api_key: '******', title: '备用模型' }, as: 'admin' });
    const res = await callRaw(t, api.testLlmModel, { body: { id: created.id, prompt: '一句话' }, as: 'admin' });
    const events = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; content?: string; latency_ms?: number; first_token_ms?: number; message?: string });
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => e.content)
        .join(''),
    ).toBe(fakeAnswer([{ role: 'user', content: '一句话' }]));
    const done = events.at(-1)!;
    expect(done.type, JSON.stringify(done)).toBe('done');
    expect(done.latency_ms).toBeGreaterThanOrEqual(done.first_token_ms!);
    // the key was kept: the model answered with it
    expect(llm.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    // the config model answers the same test as id 0; a model that does not exist is a 404
    expect((await callRaw(t, api.testLlmModel, { body: { id: 0 }, as: 'admin' })).body).toMatch(/"type":"done"/);
    expect((await callError(t, api.testLlmModel, { body: { id: 999999 }, as: 'admin' })).status).toBe(404);
    // a default list model takes over the chat
    await call(t, api.updateLlmModel, { body: { id: created.id, is_default: true }, as: 'admin' });
    const u = await makeUser(t);
    const topic = await topicOf(u);
    expect((await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '谁在回答' }, as: u })).answer.model).toBe('fake-2');
    await call(t, api.deleteLlmModels, { query: { id: [created.id] }, as: 'admin' });
    expect((await call(t, api.sendChatMessage, { body: { topic_id: topic.id, content: '现在呢' }, as: u })).answer.model).toBe('fake-chat');
  });
});
