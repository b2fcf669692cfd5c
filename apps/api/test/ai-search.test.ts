import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ChatMessageStatus, DocumentStatus, type TChatStreamEvent } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';
import { makeDocument, makeUser, type TestDocument, type TestUser } from './factories';
import { startFakeLlm, type FakeLlm } from './fakes/llm-server';
import { setConfig } from './fakes/util';
import { streamChat } from './chat-stream';
import { NO_MODEL_ANSWER } from '../src/modules/chat/answers';

/**
 * AI search (topic category 1) and document Q&A (category 2) through the chat stream, on real converted documents,
 * the knowledge index and a local OpenAI-compatible server for both the answers and the embeddings: references
 * come before the first delta, citation marks point at existing references, invisible documents are never cited,
 * a Q&A topic stays inside its documents, and with no model (or AI off) the references are the answer.
 */
let t: TestApp;
let llm: FakeLlm;
let base: string;
let owner: TestUser;
let guide: TestDocument;
let recipes: TestDocument;
const KEY = 'sk-rag-0123456789';

const stream = (u: TestUser, body: { topic_id: number; content: string }) => streamChat(base, u, body);
const refsOf = (events: TChatStreamEvent[]) => events.flatMap((e) => (e.type === 'reference' ? e.references : []));
const textOf = (events: TChatStreamEvent[]) => events.flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('');
const doneOf = (events: TChatStreamEvent[]) => events.find((e) => e.type === 'done') as Extract<TChatStreamEvent, { type: 'done' }> | undefined;
const topic = (u: TestUser, category: 0 | 1 | 2, document_id?: number[]) => call(t, api.createChatTopic, { body: { category, document_id }, as: u });

const GUIDE = [
  '第一章 准备工作\n成为 Debian 维护者之前，先阅读社会契约和自由软件指导方针。',
  '第二章 打包\n用 dh_make 命令可以在源码目录里生成初始的 debian 目录，然后编辑 control 文件填写软件包的描述。',
  '第三章 构建\n运行 debuild 构建软件包；只想测试而不签名时，加上 -us -uc 两个参数。',
];
const RECIPES = ['家常菜谱\n番茄炒蛋：先把鸡蛋炒熟盛出，再炒番茄，最后一起翻炒并加盐。', '红烧肉\n五花肉切块焯水，加冰糖炒出糖色后慢炖一小时。'];

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
    embedding_model: 'fake-embed',
    daily_quota: 100,
  });
  owner = await makeUser(t);
  guide = await makeDocument(t, { owner, title: '新维护者指南', text: GUIDE, converted: true });
  recipes = await makeDocument(t, { owner, title: '家常菜谱', text: RECIPES, converted: true });
  await t.app.services.indexer.watchdog();
  await t.app.services.indexer.processPending();
});
afterAll(async () => {
  await llm?.close();
  await t?.close();
});

describe('AI search', () => {
  it('streams the references before the first delta, the prompt carries the passages, and invented citations are dropped', async () => {
    const u = await makeUser(t);
    const tp = await topic(u, 1);
    llm.script({}); // the question's embedding
    llm.script({ answer: '用 dh_make 生成 debian 目录[1]，再编辑 control 文件[1][7]。' });
    const r = await stream(u, { topic_id: tp.id, content: '怎样生成 debian 目录？' });
    expect(r.status).toBe(200);
    const types = r.events.map((e) => e.type);
    expect(types[0]).toBe('message');
    expect(types[1]).toBe('reference');
    expect(types.indexOf('reference')).toBeLessThan(types.indexOf('delta'));
    const refs = refsOf(r.events);
    expect(refs[0]).toMatchObject({ title: '新维护者指南', uuid: guide.uuid, page: 2 });
    expect(refs[0].snippet).toContain('dh_make');
    expect(refs.every((x) => x.score > 0 && x.score <= 1)).toBe(true);
    // every mark left cites an existing reference; [7] is gone from the stream and from the saved answer
    const text = textOf(r.events);
    expect(text).toBe('用 dh_make 生成 debian 目录[1]，再编辑 control 文件[1]。');
    for (const m of text.matchAll(/\[(\d+)\]/g)) expect(Number(m[1])).toBeLessThanOrEqual(refs.length);
    const done = doneOf(r.events)!;
    expect(done.message).toMatchObject({ status: ChatMessageStatus.Success, content: text });
    expect(done.message.references).toEqual(refs);
    // the model was told the passages with their titles and pages
    const prompt = llm.requests.filter((x) => x.path === '/v1/chat/completions').at(-1)!.body.messages as { role: string; content: string }[];
    const system = prompt
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n');
    expect(system).toContain('[1] 《新维护者指南》第 2 页');
    expect(system).toContain('dh_make 命令');
    expect(prompt.at(-1)).toEqual({ role: 'user', content: '怎样生成 debian 目录？' });
    // history shows the references again
    const list = await call(t, api.listChatMessages, { query: { topic_id: tp.id }, as: u });
    expect(list.message[1].references).toEqual(refs);
  });

  it('never cites documents a reader cannot see', async () => {
    const hidden = await makeDocument(t, { owner, title: '内部资料', text: ['火星基地的氧气储备可以维持九十天。'], converted: true });
    await t.app.services.indexer.processPending();
    const u = await makeUser(t);
    const tp = await topic(u, 1);
    const before = refsOf((await stream(u, { topic_id: tp.id, content: '火星基地的氧气能维持多久？' })).events);
    expect(before.map((x) => x.uuid)).toContain(hidden.uuid);
    await call(t, api.updateDocument, { body: { id: hidden.id, status: DocumentStatus.Disabled }, as: 'admin' });
    const after = refsOf((await stream(u, { topic_id: tp.id, content: '火星基地的氧气能维持多久？' })).events);
    expect(after.map((x) => x.uuid)).not.toContain(hidden.uuid);
  });

  it('with no chat model the references are the answer, no credits are charged; with AI off too, while plain chat is refused', async () => {
    const u = await makeUser(t, { credits: 10 });
    await setConfig(t, 'llm', { model: '', credit_per_message: 1 });
    try {
      const quota = await call(t, api.getAiQuota, { as: u });
      const tp = await topic(u, 1);
      const calls = llm.requests.length;
      const r = await stream(u, { topic_id: tp.id, content: '番茄炒蛋怎么做' });
      expect(r.events.map((e) => e.type)).toEqual(['message', 'reference', 'done']);
      expect(refsOf(r.events)[0]).toMatchObject({ uuid: recipes.uuid, page: 1 });
      expect(doneOf(r.events)!.message).toMatchObject({ content: NO_MODEL_ANSWER, status: ChatMessageStatus.Success });
      // nothing is taken from the quota, so nothing goes to a vendor either, not even the question's embedding
      expect(llm.requests.slice(calls)).toEqual([]);
      expect(await call(t, api.getAiQuota, { as: u })).toEqual(quota);
      expect((await call(t, api.getUser, { as: u })).credit_count).toBe(10);

      await setConfig(t, 'llm', { enable: false });
      const off = await topic(u, 1);
      const before = llm.requests.length;
      const r2 = await stream(u, { topic_id: off.id, content: '红烧肉要炖多久' });
      expect(refsOf(r2.events)[0]).toMatchObject({ uuid: recipes.uuid, page: 2 });
      // with AI off nothing goes to a vendor, not even the question's embedding: keyword retrieval answers
      expect(llm.requests.slice(before)).toEqual([]);
      expect((await callError(t, api.createChatTopic, { body: { category: 0 }, as: u })).message).toBe('AI 功能未开启');
    } finally {
      await setConfig(t, 'llm', { enable: true, model: 'fake-chat', credit_per_message: 0 });
    }
  });

  it('quotes the pages past the preview of a paid document only to readers who download it free (hybrid retrieval)', async () => {
    const pages = Array.from({ length: 16 }, (_, i) => `第${i + 1}页 章节${i + 1}的概述。`);
    pages[13] = '第14页 灯塔守护人每晚要点亮二十七盏航标灯。';
    const paid = await makeDocument(t, { owner, title: '灯塔守护手册', text: pages, price: 20, converted: true });
    expect(paid.doc.preview).toBe(12);
    await t.app.services.indexer.processPending();
    const ask = async (u: TestUser, category: 1 | 2) => {
      llm.script({}); // the question's embedding
      llm.script({ answer: '好的。' });
      const tp = await topic(u, category, category === 2 ? [paid.id] : undefined);
      return refsOf((await stream(u, { topic_id: tp.id, content: '灯塔守护人每晚要点亮多少盏航标灯？' })).events);
    };
    const reader = await makeUser(t);
    for (const category of [1, 2] as const) {
      expect(
        (await ask(reader, category)).filter((r) => r.uuid === paid.uuid && r.page > 12),
        `category ${category}`,
      ).toEqual([]);
      expect((await ask(owner, category))[0], `category ${category}`).toMatchObject({ uuid: paid.uuid, page: 14 });
    }
  });
});

describe('the quota comes before any paid call', () => {
  it('questions over the daily quota send nothing to a vendor, not even their embedding, even when asked at once', async () => {
    const u = await makeUser(t);
    await call(t, api.setAiQuota, { body: { user_id: u.id, daily_limit: 2 }, as: 'admin' });
    const tp = await topic(u, 1);
    const embeddings = (from: number) => llm.requests.slice(from).filter((x) => x.path === '/v1/embeddings').length;
    // six at once with two left: two are answered (each embedding its question), four refused before any call
    const before = llm.requests.length;
    const answers = await Promise.all(
      ['dh_make', 'debuild', 'control 文件', '社会契约', '番茄炒蛋', '红烧肉'].map((w) => stream(u, { topic_id: tp.id, content: `${w} 是什么？` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(embeddings(before)).toBe(2);
    expect(llm.requests.slice(before).filter((x) => x.path === '/v1/chat/completions')).toHaveLength(2);
    // the next question: refused with a sentence, and nothing at all leaves the site
    const after = llm.requests.length;
    const r = await stream(u, { topic_id: tp.id, content: '五花肉要焯水吗？' });
    expect(r.status).toBe(429);
    expect(r.error?.message).toBe('今日 AI 对话次数已用完，请明天再来');
    expect(llm.requests.slice(after)).toEqual([]);
    expect(await call(t, api.getAiQuota, { as: u })).toMatchObject({ used_today: 2, remaining: 0 });
  });
});

describe('document Q&A', () => {
  it('answers only from the topic’s documents; lists and unbinds them; a topic with none left refuses questions', async () => {
    const u = await makeUser(t);
    const tp = await topic(u, 2, [recipes.id]);
    expect(tp).toMatchObject({ category: 2, document_id: recipes.id });
    // a question the guide answers: still only the recipes are used
    const r = await stream(u, { topic_id: tp.id, content: '怎样生成 debian 目录？' });
    const refs = refsOf(r.events);
    expect(refs.every((x) => x.uuid === recipes.uuid)).toBe(true);
    const docs = await call(t, api.listChatTopicDocuments, { query: { topic_id: tp.id }, as: u });
    expect(docs).toEqual({ total: 1, document: [{ id: recipes.id, uuid: recipes.uuid, title: '家常菜谱', ext: 'pdf', pages: 2, available: true }] });

    // another user sees neither the topic's documents nor can unbind them
    const other = await makeUser(t);
    expect((await callError(t, api.listChatTopicDocuments, { query: { topic_id: tp.id }, as: other })).status).toBe(404);
    expect((await callError(t, api.removeChatTopicDocument, { query: { topic_id: tp.id, document_id: recipes.id }, as: other })).status).toBe(404);

    expect(await call(t, api.removeChatTopicDocument, { query: { topic_id: tp.id, document_id: recipes.id }, as: u })).toEqual({ ok: true });
    expect((await callError(t, api.removeChatTopicDocument, { query: { topic_id: tp.id, document_id: recipes.id }, as: u })).status).toBe(404);
    const empty = await stream(u, { topic_id: tp.id, content: '还能问吗' });
    expect(empty.status).toBe(400);
    expect(empty.error!.message).toContain('已经没有文档');
  });

  it('binds several documents, and refuses unknown, unconverted or no documents', async () => {
    const u = await makeUser(t);
    const tp = await topic(u, 2, [guide.id, recipes.id]);
    const r = await stream(u, { topic_id: tp.id, content: 'debuild 不签名要加什么参数' });
    expect(refsOf(r.events)[0]).toMatchObject({ uuid: guide.uuid, page: 3 });
    expect((await call(t, api.listChatTopicDocuments, { query: { topic_id: tp.id }, as: u })).document.map((d) => d.id)).toEqual([guide.id, recipes.id]);

    expect((await callError(t, api.createChatTopic, { body: { category: 2 }, as: u })).message).toBe('请选择要提问的文档');
    expect((await callError(t, api.createChatTopic, { body: { category: 2, document_id: [2_000_000] }, as: u })).status).toBe(404);
    const raw = await makeDocument(t, { owner, title: '未转换', text: ['还没有转换'] });
    const e = await callError(t, api.createChatTopic, { body: { category: 2, document_id: [raw.id] }, as: u });
    expect(e.status).toBe(400);
    expect(e.message).toContain('尚未转换完成');
  });

  it('a document disabled after binding is shown unavailable and no longer answers', async () => {
    const doc = await makeDocument(t, { owner, title: '临时文档', text: ['潜水艇的最大下潜深度是三百米。'], converted: true });
    await t.app.services.indexer.processPending();
    const u = await makeUser(t);
    const tp = await topic(u, 2, [doc.id]);
    expect(refsOf((await stream(u, { topic_id: tp.id, content: '潜水艇能下潜多深' })).events)[0]).toMatchObject({ uuid: doc.uuid });
    await call(t, api.updateDocument, { body: { id: doc.id, status: DocumentStatus.Disabled }, as: 'admin' });
    expect((await call(t, api.listChatTopicDocuments, { query: { topic_id: tp.id }, as: u })).document[0]).toMatchObject({ id: doc.id, available: false });
    expect(refsOf((await stream(u, { topic_id: tp.id, content: '潜水艇能下潜多深' })).events)).toEqual([]);
  });
});
