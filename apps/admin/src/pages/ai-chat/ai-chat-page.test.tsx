// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteDef, TChatMessage, TChatTopic } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { installDomShims, renderPage, slow } from '../../test/dom';
import AiChatPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const topic: TChatTopic = {
  id: 11,
  uuid: 'u-11',
  category: 0,
  title: '如何写周报',
  user_id: 5,
  username: 'alice',
  model: 'deepseek-chat',
  message_count: 4,
  prompt_tokens: 100,
  completion_tokens: 23,
  last_status: 2,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:05:00.000Z',
};
const search: TChatTopic = {
  ...topic,
  id: 12,
  uuid: 'u-12',
  category: 1,
  title: '三体讲了什么',
  user_id: 6,
  username: 'bob',
  model: 'qwen-plus',
  message_count: 2,
  prompt_tokens: 10,
  completion_tokens: 0,
  last_status: 3,
};
const list = { total: 2, topic: [topic, search] };

const msg = (over: Partial<TChatMessage>): TChatMessage => ({
  id: 1,
  topic_id: 11,
  role: 'user',
  content: '',
  status: 2,
  error: '',
  model: '',
  prompt_tokens: 0,
  completion_tokens: 0,
  references: [],
  created_at: '2026-11-24T10:00:00.000Z',
  finished_at: null,
  ...over,
});
const messages = {
  total: 4,
  message: [
    msg({ id: 1, content: '周报怎么写？' }),
    msg({
      id: 2,
      role: 'assistant',
      content: '按 **三部分** 写：\n\n- 本周完成\n- 下周计划',
      model: 'deepseek-chat',
      prompt_tokens: 40,
      completion_tokens: 20,
    }),
    msg({ id: 3, content: '再短一点' }),
    msg({ id: 4, role: 'assistant', content: '', status: 3, error: '模型服务不可用', model: 'deepseek-chat' }),
  ],
};

function fakeApi(answers: Map<RouteDef, unknown>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    return answers.get(route) as never;
  });
}

const open = () => renderPage(<AiChatPage />, { path: '/ai/chat', title: '对话记录' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('ai chat page', () => {
  it('lists every conversation with user, category, tokens and the last status', async () => {
    const call = fakeApi(new Map<RouteDef, unknown>([[api.listAllChatTopics, list]]));
    open();
    expect(await screen.findByText('如何写周报', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.listAllChatTopics, { query: { page: 1, size: 10 } });
    const a = within(rowOf('如何写周报'));
    expect(a.getByText('alice')).toBeTruthy();
    expect(a.getByText('#5')).toBeTruthy();
    expect(a.getByText('AI对话')).toBeTruthy();
    expect(a.getByText('deepseek-chat')).toBeTruthy();
    expect(a.getByText('123')).toBeTruthy();
    expect(a.getByText('成功')).toBeTruthy();
    const b = within(rowOf('三体讲了什么'));
    expect(b.getByText('AI搜索')).toBeTruthy();
    expect(b.getByText('失败')).toBeTruthy();
    expect(b.getByText('bob')).toBeTruthy();
  });

  it('查看 opens the read-only transcript with markdown answers, statuses, models and tokens', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listAllChatTopics, list],
        [api.listChatMessages, messages],
      ]),
    );
    open();
    await screen.findByText('如何写周报', {}, slow);
    fireEvent.click(within(rowOf('如何写周报')).getByText('查看'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="chat-message"]').length).toBe(4), slow);
    expect(call).toHaveBeenCalledWith(api.listChatMessages, expect.objectContaining({ query: { topic_id: 11, page: 1, size: 500 } }));
    const drawer = document.querySelector<HTMLElement>('.ant-drawer')!;
    const d = within(drawer);
    const bubbles = [...drawer.querySelectorAll<HTMLElement>('[data-testid="chat-message"]')];
    expect(bubbles.map((b) => b.dataset.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(d.getByText('周报怎么写？')).toBeTruthy();
    // the answer is rendered markdown
    expect(bubbles[1].querySelector('.wk-markdown strong')?.textContent).toBe('三部分');
    expect(bubbles[1].querySelectorAll('li').length).toBe(2);
    expect(within(bubbles[1]).getByText('成功')).toBeTruthy();
    expect(within(bubbles[1]).getByText('deepseek-chat')).toBeTruthy();
    expect(within(bubbles[1]).getByText(/60 tokens/)).toBeTruthy();
    expect(within(bubbles[3]).getByText('失败')).toBeTruthy();
    expect(within(bubbles[3]).getByText('模型服务不可用')).toBeTruthy();
    // nothing to write in a transcript
    expect(drawer.querySelector('textarea')).toBeNull();
  });

  it('删除 sends the row id; 批量删除 sends the selected ids', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listAllChatTopics, list],
        [api.deleteChatTopics, { ok: true }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('如何写周报', {}, slow);
    fireEvent.click(within(rowOf('如何写周报')).getByText('删除'));
    const confirm = async (label: string) => {
      const ok = await waitFor(() => {
        const el = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].find((b) => b.textContent?.replace(/\s/g, '') === label);
        if (!el) throw new Error('no confirmation yet');
        return el;
      }, slow);
      fireEvent.click(ok);
    };
    await confirm('删除');
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.deleteChatTopics, { query: { id: [11] } }), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('删除成功'), slow);

    // select both rows, then 批量删除
    await waitFor(() => expect(call.mock.calls.filter(([r]) => r === api.listAllChatTopics).length).toBeGreaterThanOrEqual(2), slow);
    const boxes = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr.ant-table-row input[type="checkbox"]')];
      if (el.length !== 2) throw new Error(`rows not back yet: ${el.length} ${document.querySelectorAll('.ant-table-tbody tr').length}`);
      return el;
    }, slow);
    for (const box of boxes) fireEvent.click(box);
    fireEvent.click(await screen.findByText('批量删除', {}, slow));
    expect(await screen.findByText('确定删除选中的 2 个会话吗？', {}, slow)).toBeTruthy();
    const pop = screen.getByText('确定删除选中的 2 个会话吗？').closest<HTMLElement>('.ant-popover')!;
    fireEvent.click([...pop.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.replace(/\s/g, '') === '删除')!);
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.deleteChatTopics, { query: { id: [11, 12] } }), slow);
  });
});
