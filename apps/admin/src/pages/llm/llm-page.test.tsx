// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteDef, TLlmModel } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { installDomShims, renderPage, slow } from '../../test/dom';
import LlmPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const fromConfig: TLlmModel = {
  id: 0,
  title: '系统默认模型',
  provider: 'deepseek',
  model: 'deepseek-chat',
  base_url: '',
  api_key: '******',
  kind: 'chat',
  enable: true,
  is_default: true,
  from_config: true,
  sort: 0,
  created_at: '2026-11-24T10:00:00.000Z',
};
const ollama: TLlmModel = {
  ...fromConfig,
  id: 7,
  title: '本地向量',
  provider: 'ollama',
  model: 'bge-m3',
  base_url: 'http://10.0.0.2:11434/v1',
  api_key: '',
  kind: 'embedding',
  is_default: false,
  from_config: false,
  sort: 5,
};
const list = { total: 2, model: [fromConfig, ollama] };

function fakeApi(answers: Map<RouteDef, unknown>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    return answers.get(route) as never;
  });
}

const open = () => renderPage(<LlmPage />, { path: '/ai/llm', title: '大模型' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('llm page', () => {
  it('lists the models; the config/llm row is read-only with a link to 系统配置', async () => {
    const call = fakeApi(new Map<RouteDef, unknown>([[api.listLlmModels, list]]));
    open();
    expect(await screen.findByText('系统默认模型', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.listLlmModels, { query: { page: 1, size: 20 } });
    const cfg = within(rowOf('系统默认模型'));
    // the provider default address greyed when empty, the masked key as returned
    expect(cfg.getByText('https://api.deepseek.com/v1')).toBeTruthy();
    expect(cfg.getByText('******')).toBeTruthy();
    expect(cfg.getByText('DeepSeek')).toBeTruthy();
    expect(cfg.getByText('默认')).toBeTruthy();
    expect(cfg.getByText('对话')).toBeTruthy();
    expect(cfg.queryByText('编辑')).toBeNull();
    expect(cfg.queryByText('删除')).toBeNull();
    expect(cfg.queryByRole('switch')).toBeNull();
    expect(cfg.getByText('在系统配置中修改').closest('a')?.getAttribute('href')).toBe('/config/llm');
    expect(cfg.getByText('测试')).toBeTruthy();

    const own = within(rowOf('本地向量'));
    expect(own.getByText('http://10.0.0.2:11434/v1')).toBeTruthy();
    expect(own.getByText('未设置')).toBeTruthy();
    expect(own.getByText('向量')).toBeTruthy();
    expect(own.getByText('编辑')).toBeTruthy();
    expect(own.getByText('删除')).toBeTruthy();
    expect(own.getByRole('switch')).toBeTruthy();
    expect(own.queryByText('在系统配置中修改')).toBeNull();
  });

  it('the switch saves enable through updateLlmModel', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listLlmModels, list],
        [api.updateLlmModel, { ...ollama, enable: false }],
      ]),
    );
    vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('本地向量', {}, slow);
    fireEvent.click(within(rowOf('本地向量')).getByRole('switch'));
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.updateLlmModel, { body: { id: 7, enable: false } }), slow);
  });

  it('新增模型 sends the form as the create body', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listLlmModels, list],
        [api.createLlmModel, { ...ollama, id: 8 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('本地向量', {}, slow);
    fireEvent.click(screen.getByText('新增模型'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const d = within(dialog);
    // the default provider's address is the placeholder of the empty field
    expect(d.getByPlaceholderText('https://api.deepseek.com/v1')).toBeTruthy();
    fireEvent.change(d.getByPlaceholderText('显示名称（可选），如：DeepSeek 对话'), { target: { value: ' 深度求索 ' } });
    fireEvent.change(d.getByPlaceholderText('模型名称，如：deepseek-chat'), { target: { value: 'deepseek-reasoner' } });
    fireEvent.change(d.getByPlaceholderText('服务商的 API Key（本地模型可不填）'), { target: { value: 'sk-123' } });
    fireEvent.click(d.getByText('保 存'));
    await waitFor(
      () =>
        expect(call).toHaveBeenCalledWith(api.createLlmModel, {
          body: {
            provider: 'deepseek',
            title: '深度求索',
            model: 'deepseek-reasoner',
            base_url: '',
            api_key: 'sk-123',
            kind: 'chat',
            enable: true,
            is_default: false,
            sort: 0,
          },
        }),
      slow,
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'), slow);
  });

  it('editing without a new key leaves api_key out of the update body', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listLlmModels, list],
        [api.updateLlmModel, ollama],
      ]),
    );
    vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('本地向量', {}, slow);
    fireEvent.click(within(rowOf('本地向量')).getByText('编辑'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('编辑大模型')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('保 存'));
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.updateLlmModel, expect.anything()), slow);
    const body = call.mock.calls.find(([route]) => route === api.updateLlmModel)![1] as { body: Record<string, unknown> };
    expect(body.body).toEqual({
      id: 7,
      provider: 'ollama',
      title: '本地向量',
      model: 'bge-m3',
      base_url: 'http://10.0.0.2:11434/v1',
      kind: 'embedding',
      enable: true,
      is_default: false,
      sort: 5,
    });
  });

  it('测试 streams the answer token by token, then the latency; closing aborts the stream', async () => {
    fakeApi(new Map<RouteDef, unknown>([[api.listLlmModels, list]]));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let signal: AbortSignal | undefined;
    const stream = vi.spyOn(client, 'stream').mockImplementation(async function* (_route, _body, s) {
      signal = s;
      yield { type: 'delta', content: '你好，' } as never;
      yield { type: 'delta', content: '我是 DeepSeek。' } as never;
      await gate;
      yield { type: 'ping' } as never;
      yield { type: 'done', latency_ms: 1234, first_token_ms: 210, usage: { prompt_tokens: 12, completion_tokens: 8 } } as never;
    });
    open();
    await screen.findByText('系统默认模型', {}, slow);
    fireEvent.click(within(rowOf('系统默认模型')).getByText('测试'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const d = within(dialog);
    fireEvent.change(d.getByLabelText('测试内容'), { target: { value: '介绍一下你自己' } });
    fireEvent.click(d.getByText('开始测试'));
    // the deltas appear before the stream ends
    await waitFor(() => expect(dialog.querySelector('[data-testid="llm-test-answer"]')?.textContent).toContain('你好，我是 DeepSeek。'), slow);
    expect(d.queryByText('首字耗时')).toBeNull();
    expect(d.getByText('停 止')).toBeTruthy(); // antd spaces two-character buttons
    expect(stream).toHaveBeenCalledWith(api.testLlmModel, { id: 0, prompt: '介绍一下你自己' }, expect.any(AbortSignal));
    release();
    expect(await d.findByText('首字耗时', {}, slow)).toBeTruthy();
    expect(d.getByText('210 ms')).toBeTruthy();
    expect(d.getByText('1234 ms')).toBeTruthy();
    expect(d.getByText('12')).toBeTruthy();
    expect(d.getByText('8')).toBeTruthy();
    expect(d.getByText('重新测试')).toBeTruthy();
    expect(signal?.aborted).toBe(false);
    fireEvent.click(d.getByText('关 闭'));
    await waitFor(() => expect(signal?.aborted).toBe(true), slow);
  });

  it('测试 shows the error event in a red Alert', async () => {
    fakeApi(new Map<RouteDef, unknown>([[api.listLlmModels, list]]));
    vi.spyOn(client, 'stream').mockImplementation(async function* () {
      yield { type: 'error', code: 'llm_unavailable', message: '401 无效的 API Key' } as never;
    });
    open();
    await screen.findByText('本地向量', {}, slow);
    fireEvent.click(within(rowOf('本地向量')).getByText('测试'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByText('开始测试'));
    expect(await within(dialog).findByText('401 无效的 API Key', {}, slow)).toBeTruthy();
    expect(dialog.querySelector('.ant-alert-error')).toBeTruthy();
  });
});
