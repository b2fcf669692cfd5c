// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { ErrorCode } from '@wenku/contracts/client';
import { renderAt } from '../../test/render';
import { jsonResponse as json, ndjsonResponse, ndjsonStream, stubApi } from '../../test/fetch';
import { testChatMessage, testChatTopic, testUser } from '../../test/fixtures';
import { session } from '../../app/session';
import ChatNewPage from './pages/chat-new-page';
import ChatTopicPage from './pages/chat-topic-page';
import ChatHistoryPage from './pages/chat-history-page';
import ChatLayout from '../../app/layouts/chat-layout';
import { savePendingQuestion } from './lib';

// drawing a PNG needs a real browser: here it fails, so the page's failure message shows
vi.mock('html-to-image', () => ({ toPng: () => Promise.reject(new Error('no canvas in jsdom')) }));

const QUOTA = { user_id: 7, daily_limit: 20, used_today: 3, remaining: 17, total_used: 30, extra: 0 };
const body = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const method = (init?: RequestInit) => init?.method ?? 'GET';

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice' })));
  session.reset();
});

const typeAndSend = (text: string) => {
  const box = screen.getByLabelText('问题');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

describe('<ChatNewPage>', () => {
  it('creates a dialog topic on Enter and opens it with the question', async () => {
    const created: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/user/ai/quota') return json(QUOTA);
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'POST') {
        created.push(body(init));
        return json(testChatTopic({ uuid: 'new-uuid' }));
      }
      return undefined;
    });
    renderAt(<ChatNewPage />, '/chat/dialog');
    expect(screen.getByRole('heading', { name: 'AI对话' })).toBeTruthy();
    expect(await screen.findByText('今日剩余 17 次')).toBeTruthy();
    // Shift+Enter is a new line, not a send
    fireEvent.change(screen.getByLabelText('问题'), { target: { value: '你好' } });
    fireEvent.keyDown(screen.getByLabelText('问题'), { key: 'Enter', shiftKey: true });
    expect(created).toEqual([]);
    typeAndSend('你好');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/new-uuid'));
    expect(created).toEqual([{ category: 0 }]);
    expect(sessionStorage.getItem('wk-chat-pending:new-uuid')).toBe('你好');
  });

  it('shows 创建会话失败 when creating fails without a message, and the server message when it has one', async () => {
    let n = 0;
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'POST') {
        n++;
        return n === 1 ? Promise.resolve(new Response('Bad Gateway', { status: 502 })) : json({ code: ErrorCode.Forbidden, message: 'AI 功能未开启' }, 403);
      }
      return undefined;
    });
    renderAt(<ChatNewPage />, '/chat/dialog');
    typeAndSend('你好');
    expect(await screen.findByText('创建会话失败')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/chat/dialog');
    typeAndSend('你好');
    expect(await screen.findByText('AI 功能未开启')).toBeTruthy();
  });

  it('AI搜索 creates a category 1 topic; 在新标签页打开 opens it in a new tab with ?q=', async () => {
    const created: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'POST') {
        created.push(body(init));
        return json(testChatTopic({ uuid: 's-uuid', category: 1 }));
      }
      return undefined;
    });
    const opened: unknown[][] = [];
    const orig = window.open;
    window.open = ((...a: unknown[]) => {
      opened.push(a);
      return null;
    }) as typeof window.open;
    try {
      renderAt(<ChatNewPage />, '/chat/search');
      expect(screen.getByRole('heading', { name: 'AI搜索' })).toBeTruthy();
      expect(screen.getByText(/引用的文档与页码/)).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/即将.?上线/);
      fireEvent.click(screen.getByRole('checkbox', { name: '在新标签页打开' }));
      typeAndSend('合同 范本');
      await waitFor(() => expect(opened.length).toBe(1));
      expect(created).toEqual([{ category: 1 }]);
      expect(opened[0][0]).toBe('/chat/s-uuid?q=%E5%90%88%E5%90%8C%20%E8%8C%83%E6%9C%AC');
      expect(screen.getByTestId('location').textContent).toBe('/chat/search');
    } finally {
      window.open = orig;
    }
  });
});

const TOPIC = testChatTopic({ id: 5, uuid: 't5', title: '打招呼' });

function topicApi(stream: (init?: RequestInit) => Promise<Response>, extra?: (u: URL, init?: RequestInit) => Promise<Response> | undefined) {
  return stubApi((u, init) => {
    const hit = extra?.(u, init);
    if (hit) return hit;
    if (u.pathname === '/api/v1/chat/topic' && method(init) === 'GET') return json(TOPIC);
    if (u.pathname === '/api/v1/chat/message/list') return json({ message: [], total: 0 });
    if (u.pathname === '/api/v1/user/ai/quota') return json(QUOTA);
    if (u.pathname === '/api/v1/chat/stream') return stream(init);
    return undefined;
  });
}

const openTopic = () => renderAt(<></>, '/chat/t5', { routes: [{ path: '/chat/:id', element: <ChatTopicPage /> }] });

describe('<ChatTopicPage>', () => {
  it('sends the pending first question and streams the answer token by token until done', async () => {
    let s!: ReturnType<typeof ndjsonStream>;
    const sent: unknown[] = [];
    topicApi((init) => {
      sent.push(body(init));
      s = ndjsonStream(init);
      return s.response;
    });
    savePendingQuestion('t5', '你好');
    openTopic();
    expect(await screen.findByRole('heading', { name: '打招呼' })).toBeTruthy();
    await waitFor(() => expect(sent).toEqual([{ topic_id: 5, content: '你好' }]));
    expect(sessionStorage.getItem('wk-chat-pending:t5')).toBeNull();
    expect(await screen.findByText('你好', { selector: '.is-user .wk-chat-bubble' })).toBeTruthy();
    expect(screen.getByRole('status', { name: '正在生成' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /停止/ })).toBeTruthy();

    act(() => {
      s.push({ type: 'message', message: testChatMessage({ id: 11, role: 'user', content: '你好' }) });
      s.push({ type: 'ping' });
      s.push({ type: 'delta', content: '你好，' });
    });
    const answer = await screen.findByTestId('chat-answer');
    await waitFor(() => expect(answer.textContent).toContain('你好，'));
    act(() => s.push({ type: 'delta', content: '我是**助手**' }));
    await waitFor(() => expect(answer.querySelector('strong')?.textContent).toBe('助手'));
    act(() => {
      s.push({
        type: 'done',
        message: testChatMessage({ id: 12, role: 'assistant', content: '你好，我是**文库助手**。', prompt_tokens: 9, completion_tokens: 7 }),
        usage: { prompt_tokens: 9, completion_tokens: 7 },
      });
      s.close();
    });
    await waitFor(() => expect(answer.querySelector('strong')?.textContent).toBe('文库助手'));
    expect(screen.getByText('输入 9 · 输出 7 tokens')).toBeTruthy();
    expect(screen.queryByRole('status', { name: '正在生成' })).toBeNull();
    expect(within(answer).getByRole('button', { name: /复制/ })).toBeTruthy();
    expect(within(answer).getByRole('button', { name: /导出Word/ })).toBeTruthy();
    expect(within(answer).getByRole('button', { name: /导出图片/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /发送/ })).toBeTruthy();
  });

  it('per answer: 复制, 重新生成 (the previous question again), 导出Word (document.docx) and 导出图片 (its failure)', async () => {
    const sent: unknown[] = [];
    const docx: unknown[] = [];
    topicApi(
      (init) => {
        sent.push(body(init));
        return ndjsonResponse([
          { type: 'message', message: testChatMessage({ id: 11, role: 'user', content: '写首诗' }) },
          { type: 'delta', content: '床前明月光' },
          { type: 'done', message: testChatMessage({ id: 12, role: 'assistant', content: '床前明月光' }), usage: { prompt_tokens: 1, completion_tokens: 5 } },
        ]);
      },
      (u, init) => {
        if (u.pathname === '/api/v1/markdown2docx' && method(init) === 'POST') {
          docx.push(body(init));
          return docx.length === 1
            ? Promise.resolve(new Response(new Blob(['PK']), { status: 200 }))
            : json({ code: ErrorCode.BadRequest, message: '内容过长，无法导出' }, 400);
        }
        return undefined;
      },
    );
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (t: string) => (copied.push(t), Promise.resolve()) }, configurable: true });
    const downloads: string[] = [];
    const origCreate = URL.createObjectURL;
    const origClick = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
    try {
      openTopic();
      await screen.findByText(/有什么可以帮你的/);
      typeAndSend('写首诗');
      const answer = await screen.findByTestId('chat-answer');
      await within(answer).findByRole('button', { name: /复制/ });
      fireEvent.click(within(answer).getByRole('button', { name: /复制/ }));
      expect(await screen.findByText('已复制')).toBeTruthy();
      expect(copied).toEqual(['床前明月光']);

      fireEvent.click(within(answer).getByRole('button', { name: /导出Word/ }));
      expect(await screen.findByText('导出成功')).toBeTruthy();
      expect(docx[0]).toEqual({ markdown: '床前明月光', title: '打招呼' });
      expect(downloads).toEqual(['document.docx']);
      fireEvent.click(within(answer).getByRole('button', { name: /导出Word/ }));
      expect(await screen.findByText('内容过长，无法导出')).toBeTruthy();

      fireEvent.click(within(answer).getByRole('button', { name: /导出图片/ }));
      expect(await screen.findByText('导出图片失败')).toBeTruthy();

      fireEvent.click(within(answer).getByRole('button', { name: /重新生成/ }));
      await waitFor(() =>
        expect(sent).toEqual([
          { topic_id: 5, content: '写首诗' },
          { topic_id: 5, content: '写首诗' },
        ]),
      );
      await waitFor(() => expect(screen.getAllByTestId('chat-answer')).toHaveLength(2));
    } finally {
      URL.createObjectURL = origCreate;
      HTMLAnchorElement.prototype.click = origClick;
    }
  });

  it('shows references as links to the cited document pages', async () => {
    topicApi(() =>
      ndjsonResponse([
        { type: 'message', message: testChatMessage({ id: 11, role: 'user', content: '合同' }) },
        { type: 'reference', references: [{ title: '劳动合同范本', uuid: 'doc-1', page: 3, score: 0.9 }] },
        { type: 'delta', content: '见范本第 3 页。' },
        {
          type: 'done',
          message: testChatMessage({ id: 12, role: 'assistant', content: '见范本第 3 页。' }),
          usage: { prompt_tokens: 1, completion_tokens: 1 },
        },
      ]),
    );
    openTopic();
    await screen.findByText(/有什么可以帮你的/);
    typeAndSend('合同');
    const link = await screen.findByRole('link', { name: /劳动合同范本/ });
    expect(link.getAttribute('href')).toBe('/document/doc-1?page=3');
    expect(link.textContent).toContain('第 3 页');
  });

  it('停止 aborts the stream and cancels the answer on the server', async () => {
    let s!: ReturnType<typeof ndjsonStream>;
    let signal: AbortSignal | undefined;
    const cancelled: unknown[] = [];
    topicApi(
      (init) => {
        signal = init?.signal ?? undefined;
        s = ndjsonStream(init);
        return s.response;
      },
      (u, init) => {
        if (u.pathname === '/api/v1/chat/message/cancel' && method(init) === 'PUT') {
          cancelled.push(body(init));
          return json(testChatMessage({ id: 12, role: 'assistant', status: 4, content: '长' }));
        }
        return undefined;
      },
    );
    openTopic();
    await screen.findByText(/有什么可以帮你的/);
    typeAndSend('写一篇长文');
    await waitFor(() => expect(s).toBeTruthy());
    act(() => {
      s.push({
        type: 'message',
        message: testChatMessage({ id: 11, role: 'user', content: '写一篇长文' }),
        answer: testChatMessage({ id: 12, role: 'assistant', status: 0, finished_at: null }),
      });
      s.push({ type: 'delta', content: '很久很久以前' });
    });
    await waitFor(() => expect(screen.getByTestId('chat-answer').textContent).toContain('很久很久以前'));
    fireEvent.click(screen.getByRole('button', { name: /停止/ }));
    expect(await screen.findByText('已停止生成')).toBeTruthy();
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(cancelled).toEqual([{ id: 12 }]));
    expect(screen.getByTestId('chat-answer').textContent).toContain('很久很久以前');
    expect(screen.getByRole('button', { name: /发送/ })).toBeTruthy();
  });

  it('停止 before the answer has an id only aborts', async () => {
    let s!: ReturnType<typeof ndjsonStream>;
    const cancelled: unknown[] = [];
    topicApi(
      (init) => {
        s = ndjsonStream(init);
        return s.response;
      },
      (u) => {
        if (u.pathname === '/api/v1/chat/message/cancel') {
          cancelled.push(1);
          return json({});
        }
        return undefined;
      },
    );
    openTopic();
    await screen.findByText(/有什么可以帮你的/);
    typeAndSend('你好');
    await waitFor(() => expect(s).toBeTruthy());
    fireEvent.click(await screen.findByRole('button', { name: /停止/ }));
    expect(await screen.findByText('已停止生成')).toBeTruthy();
    expect(cancelled).toEqual([]);
  });

  it('an error event shows its message', async () => {
    topicApi(() =>
      ndjsonResponse([
        { type: 'message', message: testChatMessage({ id: 11, role: 'user', content: '你好' }) },
        { type: 'error', code: 'llm_failed', message: '大模型服务暂时不可用，请稍后再试' },
      ]),
    );
    openTopic();
    await screen.findByText(/有什么可以帮你的/);
    typeAndSend('你好');
    expect((await screen.findByRole('alert')).textContent).toBe('大模型服务暂时不可用，请稍后再试');
  });

  it('a refused stream (429) shows the server message; a plain-text refusal its text, an HTML one 发送失败', async () => {
    let n = 0;
    topicApi(() => {
      n++;
      if (n === 1) return json({ code: 'quota_exceeded', message: '今日对话次数已用完' }, 429);
      return Promise.resolve(new Response(n === 2 ? 'oops' : '<html>502 Bad Gateway</html>', { status: n === 2 ? 500 : 502 }));
    });
    openTopic();
    await screen.findByText(/有什么可以帮你的/);
    typeAndSend('你好');
    expect((await screen.findByRole('alert')).textContent).toBe('今日对话次数已用完');
    await screen.findByRole('button', { name: /发送/ });
    typeAndSend('再试一次');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['今日对话次数已用完', 'oops']));
    await screen.findByRole('button', { name: /发送/ });
    typeAndSend('第三次');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['今日对话次数已用完', 'oops', '发送失败']));
  });

  it('shows the saved transcript in order and a typing indicator for an unfinished answer', async () => {
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'GET') return json(TOPIC);
      if (u.pathname === '/api/v1/chat/message/list')
        return json({
          message: [
            testChatMessage({ id: 2, role: 'assistant', content: '旧的回答', status: 1 }),
            testChatMessage({ id: 1, role: 'user', content: '旧的问题' }),
          ],
          total: 2,
        });
      return undefined;
    });
    openTopic();
    expect(await screen.findByText('旧的问题')).toBeTruthy();
    expect(screen.getByText('旧的回答')).toBeTruthy();
    expect(screen.getByRole('status', { name: '正在生成' })).toBeTruthy();
    // the first message is never rendered after its answer
    const bubbles = [...document.querySelectorAll('.wk-chat-bubble')].map((b) => b.textContent);
    expect(bubbles[0]).toBe('旧的问题');
  });

  it('shows 会话不存在或已删除 for a topic the server does not know', async () => {
    stubApi((u) => (u.pathname === '/api/v1/chat/topic' ? json({ code: ErrorCode.NotFound, message: '会话不存在' }, 404) : undefined));
    renderAt(<></>, '/chat/nope', { routes: [{ path: '/chat/:id', element: <ChatTopicPage /> }] });
    expect(await screen.findByText('会话不存在或已删除')).toBeTruthy();
    expect(screen.getByRole('link', { name: /开始新的对话/ }).getAttribute('href')).toBe('/chat/dialog');
  });
});

describe('<ChatHistoryPage>', () => {
  it('groups topics under 今天 and 昨天, renames and deletes', async () => {
    const now = new Date();
    const yesterday = new Date(now.getTime() - 24 * 3600_000);
    const renamed: unknown[] = [];
    const deleted: string[][] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic/list')
        return json({
          topic: [
            testChatTopic({ id: 2, uuid: 'u2', title: '昨天的会话', updated_at: yesterday.toISOString() }),
            testChatTopic({ id: 1, uuid: 'u1', title: '今天的会话', updated_at: now.toISOString(), message_count: 4 }),
          ],
          total: 2,
        });
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'PUT') {
        renamed.push(body(init));
        return json(testChatTopic({ id: 1, uuid: 'u1', title: '新标题' }));
      }
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'DELETE') {
        deleted.push(u.searchParams.getAll('id'));
        return json({ ok: true });
      }
      return undefined;
    });
    renderAt(<ChatHistoryPage />, '/chat/history');
    await screen.findByText('今天的会话');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['今天', '昨天']);
    expect(
      within(screen.getByRole('region', { name: '今天' }))
        .getByRole('link', { name: /今天的会话/ })
        .getAttribute('href'),
    ).toBe('/chat/u1');
    expect(within(screen.getByRole('region', { name: '昨天' })).getByText('昨天的会话')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重命名 今天的会话' }));
    const input = await screen.findByLabelText('会话标题');
    fireEvent.change(input, { target: { value: '新标题' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(renamed).toEqual([{ id: 1, title: '新标题' }]));
    expect(await screen.findByText('已重命名')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '删除 昨天的会话' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(deleted).toEqual([['2']]));
    expect(await screen.findByText('已删除')).toBeTruthy();
  });

  it('searches by title and filters by category; shows the empty state', async () => {
    const queries: string[] = [];
    stubApi((u) => {
      if (u.pathname === '/api/v1/chat/topic/list') {
        queries.push(u.search);
        return json({ topic: [], total: 0 });
      }
      return undefined;
    });
    renderAt(<ChatHistoryPage />, '/chat/history');
    expect(await screen.findByText('还没有会话')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'AI搜索' }));
    await waitFor(() => expect(queries.some((q) => q.includes('category=1'))).toBe(true));
    const search = screen.getByLabelText('搜索会话标题');
    fireEvent.change(search, { target: { value: '合同' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queries.some((q) => q.includes(`wd=${encodeURIComponent('合同')}`))).toBe(true));
    expect(await screen.findByText('没有找到相关会话')).toBeTruthy();
  });
});

const SEARCH_TOPIC = testChatTopic({ id: 6, uuid: 's6', title: '试用期', category: 1 });
const REFS = [
  { title: '劳动合同范本', uuid: 'doc-1', page: 3, score: 0.032, snippet: '劳动合同期限三个月以上不满一年的，试用期不得超过一个月' },
  { title: '人事管理制度', uuid: 'doc-2', page: 12, score: 0.016, snippet: '新员工试用期为三个月' },
];

function searchApi(stream: (init?: RequestInit) => Promise<Response>, messages: unknown[] = []) {
  return stubApi((u, init) => {
    if (u.pathname === '/api/v1/chat/topic' && method(init) === 'GET') return json(SEARCH_TOPIC);
    if (u.pathname === '/api/v1/chat/message/list') return json({ message: messages, total: messages.length });
    if (u.pathname === '/api/v1/user/ai/quota') return json(QUOTA);
    if (u.pathname === '/api/v1/chat/stream') return stream(init);
    return undefined;
  });
}

const openSearchTopic = () => renderAt(<></>, '/chat/s6', { routes: [{ path: '/chat/:id', element: <ChatTopicPage /> }] });

describe('AI search answers (category 1)', () => {
  it('shows the numbered references as soon as they arrive, before any delta, above the answer', async () => {
    let s!: ReturnType<typeof ndjsonStream>;
    searchApi((init) => {
      s = ndjsonStream(init);
      return s.response;
    });
    openSearchTopic();
    expect(await screen.findByText(/向文库提问/)).toBeTruthy();
    typeAndSend('试用期最长多久？');
    await waitFor(() => expect(s).toBeTruthy());
    expect(await screen.findByText('正在检索相关文档…')).toBeTruthy();
    act(() => {
      s.push({ type: 'message', message: testChatMessage({ id: 21, topic_id: 6, role: 'user', content: '试用期最长多久？' }) });
      s.push({ type: 'reference', references: REFS });
    });
    const cards = await screen.findAllByTestId('chat-reference');
    expect(cards).toHaveLength(2);
    // no delta yet: the answer is still being written
    expect(screen.getByRole('status', { name: '正在生成' })).toBeTruthy();
    expect(screen.getByText('已找到 2 条相关资料，正在生成回答…')).toBeTruthy();
    expect(cards[0].getAttribute('href')).toBe('/document/doc-1?page=3');
    expect(cards[0].getAttribute('target')).toBe('_blank');
    expect(cards[0].textContent).toContain('劳动合同范本');
    expect(cards[0].textContent).toContain('第 3 页');
    expect(cards[0].textContent).toContain('试用期不得超过一个月');
    expect(cards[0].textContent).toContain('相关度 100%');
    expect(cards[1].getAttribute('href')).toBe('/document/doc-2?page=12');
    expect(cards[1].textContent).toContain('相关度 50%');
    // the references come before the answer's bubble
    const answer = screen.getByTestId('chat-answer');
    const refs = within(answer).getByTestId('chat-references');
    const bubble = answer.querySelector('.wk-chat-bubble')!;
    expect(refs.compareDocumentPosition(bubble) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    act(() => s.push({ type: 'delta', content: '不满一年的合同，试用期不超过一个月[1]；' }));
    await waitFor(() => expect(answer.querySelectorAll('a[data-cite]')).toHaveLength(1));
    act(() => {
      s.push({ type: 'delta', content: '公司制度另有约定[2]，参见[5]。' });
      s.push({
        type: 'done',
        message: testChatMessage({
          id: 22,
          topic_id: 6,
          role: 'assistant',
          content: '不满一年的合同，试用期不超过一个月[1]；公司制度另有约定[2]，参见[5]。',
          references: REFS,
        }),
        usage: { prompt_tokens: 100, completion_tokens: 20 },
      });
      s.close();
    });
    // under load the last delta and `done` can take more than waitFor's default second to render
    await waitFor(() => expect(screen.queryByRole('status', { name: '正在生成' })).toBeNull());
    const badges = [...answer.querySelectorAll<HTMLAnchorElement>('.wk-chat-answer-md a[data-cite]')];
    expect(badges.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1', '/document/doc-1?page=3'],
      ['2', '/document/doc-2?page=12'],
    ]);
    expect(badges[0].closest('sup')).toBeTruthy();
    // a mark without a matching reference stays text
    expect(answer.querySelector('.wk-chat-answer-md')!.textContent).toContain('参见[5]。');
  });

  it('renders references and citation badges of answers loaded from history', async () => {
    searchApi(
      () => ndjsonResponse([]),
      [
        testChatMessage({ id: 31, topic_id: 6, role: 'user', content: '试用期最长多久？' }),
        testChatMessage({ id: 32, topic_id: 6, role: 'assistant', content: '最长六个月[2]。', references: REFS }),
      ],
    );
    openSearchTopic();
    const answer = await screen.findByTestId('chat-answer');
    expect(within(answer).getAllByTestId('chat-reference')).toHaveLength(2);
    const badge = await within(answer).findByRole('link', { name: /引用 2/ });
    expect(badge.getAttribute('href')).toBe('/document/doc-2?page=12');
    expect(badge.textContent).toBe('2');
  });

  it('with no chat model the references still show, then the server’s plain answer', async () => {
    searchApi(() =>
      ndjsonResponse([
        { type: 'message', message: testChatMessage({ id: 41, topic_id: 6, role: 'user', content: '试用期' }) },
        { type: 'reference', references: REFS.slice(0, 1) },
        {
          type: 'done',
          message: testChatMessage({
            id: 42,
            topic_id: 6,
            role: 'assistant',
            content: '未配置对话模型，无法生成回答；以下是检索到的相关文档。',
            references: REFS.slice(0, 1),
          }),
          usage: { prompt_tokens: 0, completion_tokens: 0 },
        },
      ]),
    );
    openSearchTopic();
    await screen.findByText(/向文库提问/);
    typeAndSend('试用期');
    expect(await screen.findByText('未配置对话模型，无法生成回答；以下是检索到的相关文档。')).toBeTruthy();
    expect(screen.getAllByTestId('chat-reference')).toHaveLength(1);
  });

  it('a badge click on a phone opens the page in this tab', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
    try {
      searchApi(
        () => ndjsonResponse([]),
        [
          testChatMessage({ id: 31, topic_id: 6, role: 'user', content: '试用期' }),
          testChatMessage({ id: 32, topic_id: 6, role: 'assistant', content: '见[1]。', references: REFS }),
        ],
      );
      openSearchTopic();
      const badge = await screen.findByRole('link', { name: /引用 1/ });
      expect(badge.getAttribute('target')).toBeNull();
      expect(screen.getAllByTestId('chat-reference')[0].getAttribute('target')).toBeNull();
      fireEvent.click(badge);
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/document/doc-1?page=3'));
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    }
  });
});

describe('document Q&A topics (category 2)', () => {
  const DOC_TOPIC = testChatTopic({ id: 8, uuid: 'd8', title: '问文档：线性代数', category: 2, document_id: 90 });

  it('lists the bound documents, greys out unavailable ones and removes one with ×', async () => {
    const removed: string[] = [];
    let docs = [
      { id: 90, uuid: 'la', title: '线性代数', ext: 'pdf', pages: 30, available: true },
      { id: 91, uuid: 'gone', title: '已删除的讲义', ext: 'docx', pages: 5, available: false },
    ];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'GET') return json(DOC_TOPIC);
      if (u.pathname === '/api/v1/chat/message/list') return json({ message: [], total: 0 });
      if (u.pathname === '/api/v1/chat/topic/document') {
        expect(u.searchParams.get('topic_id')).toBe('8');
        return json({ total: docs.length, document: docs });
      }
      if (u.pathname === '/api/v1/chat/message/document' && method(init) === 'DELETE') {
        removed.push(`${u.searchParams.get('topic_id')}:${u.searchParams.get('document_id')}`);
        docs = docs.filter((d) => String(d.id) !== u.searchParams.get('document_id'));
        return json({ ok: true });
      }
      return undefined;
    });
    renderAt(<></>, '/chat/d8', { routes: [{ path: '/chat/:id', element: <ChatTopicPage /> }] });
    expect(await screen.findByText('文档问答')).toBeTruthy();
    expect(await screen.findByText(/回答只来自这些文档/)).toBeTruthy();
    const tags = await screen.findAllByTestId('chat-topic-document');
    expect(tags).toHaveLength(2);
    expect(within(tags[0]).getByRole('link', { name: '线性代数' }).getAttribute('href')).toBe('/document/la');
    expect(tags[1].className).toContain('is-unavailable');
    expect(within(tags[1]).queryByRole('link', { name: '已删除的讲义' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '移除 已删除的讲义' }));
    fireEvent.click(await screen.findByRole('button', { name: /^移\s*除$/ }));
    await waitFor(() => expect(removed).toEqual(['8:91']));
    expect(await screen.findByText('已移除')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('chat-topic-document')).toHaveLength(1));
  });

  it('a refused removal shows the server message', async () => {
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'GET') return json(DOC_TOPIC);
      if (u.pathname === '/api/v1/chat/message/list') return json({ message: [], total: 0 });
      if (u.pathname === '/api/v1/chat/topic/document')
        return json({ total: 1, document: [{ id: 90, uuid: 'la', title: '线性代数', ext: 'pdf', pages: 30, available: true }] });
      if (u.pathname === '/api/v1/chat/message/document') return json({ code: ErrorCode.BadRequest, message: '至少保留一篇文档' }, 400);
      return undefined;
    });
    renderAt(<></>, '/chat/d8', { routes: [{ path: '/chat/:id', element: <ChatTopicPage /> }] });
    fireEvent.click(await screen.findByRole('button', { name: '移除 线性代数' }));
    fireEvent.click(await screen.findByRole('button', { name: /^移\s*除$/ }));
    expect(await screen.findByText('至少保留一篇文档')).toBeTruthy();
  });
});

describe('history shows what kind each topic is', () => {
  it('tags AI搜索 and 文档问答 topics and links them to their conversation', async () => {
    const now = new Date().toISOString();
    stubApi((u) =>
      u.pathname === '/api/v1/chat/topic/list'
        ? json({
            topic: [
              testChatTopic({ id: 1, uuid: 'u1', title: '一次对话', updated_at: now }),
              testChatTopic({ id: 2, uuid: 'u2', title: '一次搜索', category: 1, updated_at: now }),
              testChatTopic({ id: 3, uuid: 'u3', title: '问文档：线性代数', category: 2, document_id: 90, updated_at: now }),
            ],
            total: 3,
          })
        : undefined,
    );
    renderAt(<ChatHistoryPage />, '/chat/history');
    await screen.findByText('一次搜索');
    const items = screen.getAllByTestId('chat-topic');
    expect(items.map((li) => within(li).getByTestId('chat-topic-category').textContent)).toEqual(['AI对话', 'AI搜索', '文档问答']);
    expect(
      within(items[1])
        .getByRole('link', { name: /一次搜索/ })
        .getAttribute('href'),
    ).toBe('/chat/u2');
    expect(
      within(items[2])
        .getByRole('link', { name: /问文档：线性代数/ })
        .getAttribute('href'),
    ).toBe('/chat/u3');
  });
});

describe('the chat bar on a conversation', () => {
  it('lights AI搜索 for an AI search topic and AI对话 for a dialog', async () => {
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/chat/topic' && method(init) === 'GET')
        return json(u.searchParams.get('uuid') === 's6' ? SEARCH_TOPIC : testChatTopic({ id: 5, uuid: 't5', title: '打招呼' }));
      if (u.pathname === '/api/v1/chat/message/list') return json({ message: [], total: 0 });
      return undefined;
    });
    const routes = [{ path: '/chat', element: <ChatLayout />, children: [{ path: ':id', element: <ChatTopicPage /> }] }];
    const active = () => [...document.querySelectorAll('.wk-chat-nav-item.is-active')].map((a) => a.textContent);
    const { router } = renderAt(<></>, '/chat/s6', { routes });
    await screen.findByRole('heading', { name: '试用期' });
    await waitFor(() => expect(active()).toEqual(['AI搜索']));
    await act(() => router.navigate('/chat/t5'));
    await screen.findByRole('heading', { name: '打招呼' });
    await waitFor(() => expect(active()).toEqual(['AI对话']));
  });
});
