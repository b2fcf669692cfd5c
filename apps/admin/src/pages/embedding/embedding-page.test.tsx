// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteDef, TEmbeddingStats, TEmbeddingTask } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { installDomShims, renderPage, slow } from '../../test/dom';
import { isIndexing, modelLabel, percentOf, rankLabel } from './lib';
import EmbeddingPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const stats: TEmbeddingStats = {
  model: 'fake-embed',
  next_model: '',
  engine: 'pgvector',
  dimension: 256,
  documents: 3,
  pending: 0,
  processing: 0,
  done: 2,
  failed: 1,
  chunks: 120,
  vectors: 100,
  next_vectors: 0,
};
const done: TEmbeddingTask = {
  document_id: 11,
  title: '劳动合同范本',
  uuid: 'doc-11',
  ext: 'pdf',
  status: 2,
  error: '',
  chunks: 60,
  embedded: 60,
  model: 'fake-embed',
  attempts: 1,
  updated_at: '2026-11-24T10:00:00.000Z',
  finished_at: '2026-11-24T10:00:05.000Z',
};
const failed: TEmbeddingTask = {
  ...done,
  document_id: 12,
  title: '人事管理制度',
  uuid: 'doc-12',
  ext: 'docx',
  status: 3,
  error: '向量服务返回 429：请求过于频繁',
  chunks: 60,
  embedded: 40,
  attempts: 3,
  finished_at: null,
};
const list = { total: 2, embedding: [done, failed] };

type Answer = unknown | ((arg: unknown) => unknown);
function fakeApi(answers: Map<RouteDef, Answer>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route, arg) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    const a = answers.get(route);
    return (typeof a === 'function' ? (a as (x: unknown) => unknown)(arg) : a) as never;
  });
}

const open = () => renderPage(<EmbeddingPage />, { path: '/ai/embedding', title: '向量化' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const callsOf = (call: ReturnType<typeof fakeApi>, route: RouteDef) => call.mock.calls.filter(([r]) => r === route).map(([, arg]) => arg);

describe('embedding page helpers', () => {
  it('labels, progress and whether to keep polling', () => {
    expect(modelLabel('')).toBe('未配置向量模型（仅关键词检索）');
    expect(modelLabel('bge-m3')).toBe('bge-m3');
    expect(percentOf(2, 3)).toBe(66);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(9, 3)).toBe(100);
    expect(rankLabel(0)).toBe('—');
    expect(rankLabel(3)).toBe('#3');
    expect(isIndexing(stats)).toBe(false);
    expect(isIndexing({ ...stats, processing: 1 })).toBe(true);
    expect(isIndexing({ ...stats, next_model: 'bge-m3', next_vectors: 10 })).toBe(true);
    expect(isIndexing({ ...stats, next_model: 'bge-m3', next_vectors: 120 })).toBe(false);
  });
});

describe('embedding page', () => {
  it('shows the model, engine, counts and progress, and the tasks with their errors', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.getEmbeddingStats, stats],
        [api.listEmbeddingTasks, list],
      ]),
    );
    open();
    const card = await screen.findByTestId('embedding-stats', {}, slow);
    await within(card).findByText('fake-embed', {}, slow);
    expect(within(card).getByText('pgvector（HNSW）')).toBeTruthy();
    expect(within(card).getByText('256')).toBeTruthy();
    expect(within(card).getByText('已完成 2 / 3 篇')).toBeTruthy();
    expect(within(card).getByText('失败 1')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: '向量化进度' }).getAttribute('aria-valuenow')).toBe('66');
    expect(within(card).queryByTestId('embedding-switch')).toBeNull();

    expect(await screen.findByText('人事管理制度', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.listEmbeddingTasks, { query: { page: 1, size: 10 } });
    const bad = within(rowOf('人事管理制度'));
    expect(bad.getByText('处理失败')).toBeTruthy();
    expect(bad.getByText('向量服务返回 429：请求过于频繁')).toBeTruthy();
    expect(bad.getByText('40/60')).toBeTruthy();
    expect(bad.getByText('重试')).toBeTruthy();
    expect(bad.getByRole('link', { name: '人事管理制度' }).getAttribute('href')).toBe('/document/doc-12');
    const ok = within(rowOf('劳动合同范本'));
    expect(ok.getByText('已完成')).toBeTruthy();
    expect(ok.queryByText('重试')).toBeNull();
  });

  it('says when no embedding model is configured, and shows a model switch in progress', async () => {
    fakeApi(
      new Map<RouteDef, Answer>([
        [api.getEmbeddingStats, { ...stats, model: '', engine: 'exact', dimension: 0, next_model: 'bge-m3', next_vectors: 30, vectors: 0 }],
        [api.listEmbeddingTasks, { total: 0, embedding: [] }],
      ]),
    );
    open();
    const card = await screen.findByTestId('embedding-stats', {}, slow);
    expect(await within(card).findByText('未配置向量模型（仅关键词检索）', {}, slow)).toBeTruthy();
    expect(within(card).getByText('real[]（精确计算）')).toBeTruthy();
    const sw = within(card).getByTestId('embedding-switch');
    expect(within(sw).getByText('正在切换到 bge-m3')).toBeTruthy();
    expect(within(sw).getByRole('progressbar', { name: '模型切换进度' }).getAttribute('aria-valuenow')).toBe('25');
  });

  it('重试失败 retries every failed task; with rows selected, those; a row’s 重试 that one', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.getEmbeddingStats, stats],
        [api.listEmbeddingTasks, list],
        [api.retryEmbedding, { count: 1 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('人事管理制度', {}, slow);
    fireEvent.click(await screen.findByRole('button', { name: /重试失败/ }, slow));
    await waitFor(() => expect(callsOf(call, api.retryEmbedding)).toEqual([{ body: { id: [] } }]), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已重新排队 1 篇文档'), slow);

    fireEvent.click(within(rowOf('劳动合同范本')).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /重试选中（1）/ }, slow));
    await waitFor(() => expect(callsOf(call, api.retryEmbedding)).toEqual([{ body: { id: [] } }, { body: { id: [11] } }]), slow);

    fireEvent.click(within(rowOf('人事管理制度')).getByText('重试'));
    await waitFor(() => expect(callsOf(call, api.retryEmbedding)).toHaveLength(3), slow);
    expect(callsOf(call, api.retryEmbedding)[2]).toEqual({ body: { id: [12] } });
  });

  it('全部重建 asks first, then rebuilds in the background', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.getEmbeddingStats, stats],
        [api.listEmbeddingTasks, list],
        [api.rebuildEmbedding, { count: 3 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('人事管理制度', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /全部重建/ }));
    expect(await screen.findByText(/照常使用现有索引回答/, {}, slow)).toBeTruthy();
    expect(callsOf(call, api.rebuildEmbedding)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /开始重建/ }));
    await waitFor(() => expect(callsOf(call, api.rebuildEmbedding)).toHaveLength(1), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已开始重建，共 3 篇文档'), slow);
  });

  it('reads the stats again while documents are being embedded', async () => {
    let n = 0;
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.getEmbeddingStats, () => (++n === 1 ? { ...stats, pending: 1, done: 1 } : stats)],
        [api.listEmbeddingTasks, list],
      ]),
    );
    open();
    await screen.findByText('已完成 1 / 3 篇', {}, slow);
    await screen.findByText('已完成 2 / 3 篇');
    expect(callsOf(call, api.getEmbeddingStats).length).toBe(2);
    // the table was read again when the counts moved
    await waitFor(() => expect(callsOf(call, api.listEmbeddingTasks).length).toBeGreaterThanOrEqual(2), slow);
  });

  it('检索测试 sends the question and mode, and lists the passages with their ranks and time', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.getEmbeddingStats, stats],
        [api.listEmbeddingTasks, list],
        [
          api.testRetrieval,
          {
            mode: 'keyword',
            took_ms: 12.4,
            passages: [
              {
                document_id: 11,
                title: '劳动合同范本',
                uuid: 'doc-11',
                page: 3,
                score: 0.0328,
                snippet: '试用期不得超过一个月',
                keyword_rank: 1,
                vector_rank: 0,
              },
            ],
          },
        ],
      ]),
    );
    open();
    const panel = await screen.findByTestId('retrieval-test', {}, slow);
    fireEvent.change(within(panel).getByLabelText('检索问题'), { target: { value: '试用期多久' } });
    fireEvent.click(within(panel).getByRole('radio', { name: '关键词' }));
    fireEvent.click(within(panel).getByRole('button', { name: /检\s*索/ }));
    await waitFor(() => expect(callsOf(call, api.testRetrieval)).toEqual([{ query: { wd: '试用期多久', mode: 'keyword', size: 10 } }]), slow);
    expect((await within(panel).findByTestId('retrieval-summary', {}, slow)).textContent).toBe('共 1 条 · 耗时 12 ms · 关键词');
    const item = within(panel).getByTestId('retrieval-passage');
    expect(within(item).getByRole('link', { name: '劳动合同范本' }).getAttribute('href')).toBe('/document/doc-11?page=3');
    expect(within(item).getByText('第3页')).toBeTruthy();
    expect(within(item).getByText('得分 0.0328')).toBeTruthy();
    expect(within(item).getByText('关键词 #1')).toBeTruthy();
    expect(within(item).getByText('向量 —')).toBeTruthy();
    expect(within(item).getByText('试用期不得超过一个月')).toBeTruthy();
  });
});
