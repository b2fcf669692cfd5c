// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteDef, TSpiderDocument, TSpiderUrl } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { installDomShims, renderPage, slow } from '../../test/dom';
import { canPublish, canRetry, documentsBusy, firstBadUrl, splitUrls, urlsBusy } from './lib';
import SpiderUrlPage from './url-page';
import SpiderDocumentPage from './document-page';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const done: TSpiderUrl = {
  id: 3,
  url: 'https://docs.example.com/list',
  category_id: [1],
  user_id: 1,
  username: 'admin',
  price: 0,
  language: 'zh-cn',
  pattern: '*.pdf',
  depth: 1,
  auto_publish: true,
  status: 2,
  error: '',
  pages: 4,
  documents: 7,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:05.000Z',
  finished_at: '2026-11-24T10:00:05.000Z',
};
const failedUrl: TSpiderUrl = {
  ...done,
  id: 4,
  url: 'http://10.0.0.1/',
  status: 3,
  error: '出于安全考虑，拒绝访问 10.0.0.1：它指向内网地址 10.0.0.1',
  pages: 0,
  documents: 0,
  auto_publish: false,
};
const downloaded: TSpiderDocument = {
  id: 21,
  spider_url_id: 3,
  url: 'https://docs.example.com/files/guide.pdf',
  source_url: 'https://docs.example.com/list',
  title: '用户指南',
  ext: 'pdf',
  size: 2048,
  hash: 'ab'.repeat(32),
  attachment_id: 5,
  document_id: null,
  document_uuid: '',
  status: 3,
  error: '',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:05.000Z',
};
const failedDoc: TSpiderDocument = {
  ...downloaded,
  id: 22,
  title: '超大文件',
  url: 'https://docs.example.com/files/huge.pdf',
  size: 0,
  hash: '',
  attachment_id: null,
  status: 4,
  error: '文件超过大小限制（最大 50 MB），已停止下载',
};
const published: TSpiderDocument = { ...downloaded, id: 23, title: '已发布的文档', status: 7, document_id: 9, document_uuid: 'abcdef0123456789' };

type Answer = unknown | ((arg: unknown) => unknown);
function fakeApi(answers: Map<RouteDef, Answer>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route, arg) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    const a = answers.get(route);
    return (typeof a === 'function' ? (a as (x: unknown) => unknown)(arg) : a) as never;
  });
}
const callsOf = (call: ReturnType<typeof fakeApi>, route: RouteDef) => call.mock.calls.filter(([r]) => r === route).map(([, arg]) => arg);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('spider page helpers', () => {
  it('splits the textarea, finds a bad line, knows what is moving and what may be published or retried', () => {
    expect(splitUrls(' https://a.test/x \n\n https://a.test/x\r\nhttp://b.test/ ')).toEqual(['https://a.test/x', 'http://b.test/']);
    expect(firstBadUrl(['https://a.test/', 'file:///etc/passwd', 'x'])).toBe('file:///etc/passwd');
    expect(firstBadUrl(['https://a.test/'])).toBeUndefined();
    expect(urlsBusy([done, failedUrl])).toBe(false);
    expect(urlsBusy([{ ...done, status: 1 }])).toBe(true);
    expect(documentsBusy([downloaded, failedDoc, published])).toBe(false);
    expect(documentsBusy([{ ...downloaded, status: 5 }])).toBe(true);
    const rows: TSpiderDocument[] = [downloaded, failedDoc, published, { ...downloaded, status: 8 }];
    expect(rows.map(canPublish)).toEqual([true, false, false, true]);
    expect(rows.map(canRetry)).toEqual([false, true, false, true]);
  });
});

describe('采集网址', () => {
  it('lists start URLs with their state, counts and error; retries and deletes', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.listSpiderUrls, { total: 2, spider_url: [done, failedUrl] }],
        [api.retrySpiderUrls, { count: 1 }],
        [api.deleteSpiderUrls, { count: 1 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    renderPage(<SpiderUrlPage />, { path: '/spider/url', title: '采集网址' });
    await screen.findByText('http://10.0.0.1/', {}, slow);
    expect(call).toHaveBeenCalledWith(api.listSpiderUrls, { query: { page: 1, size: 10 } });
    const bad = within(rowOf('http://10.0.0.1/'));
    expect(bad.getByText('采集失败')).toBeTruthy();
    expect(bad.getByText(/拒绝访问 10\.0\.0\.1/)).toBeTruthy();
    const ok = within(rowOf('https://docs.example.com/list'));
    expect(ok.getByText('已完成')).toBeTruthy();
    expect(ok.getByRole('link', { name: '7' }).getAttribute('href')).toBe('/spider/document?spider_url_id=3');
    expect(ok.getByText('*.pdf')).toBeTruthy();

    fireEvent.click(bad.getByText('重新采集'));
    await waitFor(() => expect(callsOf(call, api.retrySpiderUrls)).toEqual([{ body: { id: [4] } }]), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已重新加入采集队列'), slow);

    fireEvent.click(within(rowOf('http://10.0.0.1/')).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /删\s*除/ }, slow));
    await waitFor(() => expect(callsOf(call, api.deleteSpiderUrls)).toEqual([{ query: { id: [4] } }]), slow);
  });

  it('adds start URLs one per line with category, price, pattern, depth and auto publish', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.listSpiderUrls, { total: 0, spider_url: [] }],
        [
          api.listCategories,
          {
            total: 1,
            category: [
              {
                id: 1,
                parent_id: 0,
                title: '技术资料',
                type: 0,
                enable: true,
                icon: '',
                cover: '',
                doc_count: 0,
                description: '',
                show_description: false,
                sort: 0,
                created_at: '',
                updated_at: '',
              },
            ],
          },
        ],
        [api.listLanguages, { total: 1, language: [{ id: 1, language: '简体中文', code: 'zh-cn', enable: true, sort: 0 }] }],
        [api.listUsers, { total: 0, user: [] }],
        [api.createSpiderUrls, { count: 2 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    renderPage(<SpiderUrlPage />, { path: '/spider/url', title: '采集网址' });
    fireEvent.click(await screen.findByRole('button', { name: /添加网址/ }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const textarea = within(dialog).getByPlaceholderText(/一行一个/);
    fireEvent.change(textarea, { target: { value: 'file:///etc/passwd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /开始采集/ }));
    expect(await within(dialog).findByText('不是 http(s) 网址：file:///etc/passwd', {}, slow)).toBeTruthy();
    expect(callsOf(call, api.createSpiderUrls)).toEqual([]);

    fireEvent.change(textarea, { target: { value: 'https://a.test/list\n\nhttps://b.test/docs/\n' } });
    // category: open the tree select and pick
    fireEvent.mouseDown(within(dialog).getByText('请选择文档分类'));
    fireEvent.click(await screen.findByTitle('技术资料', {}, slow));
    fireEvent.change(within(dialog).getByPlaceholderText(/如 \*\.pdf/), { target: { value: '*.pdf' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: /开始采集/ }));
    await waitFor(() => expect(callsOf(call, api.createSpiderUrls)).toHaveLength(1), slow);
    expect(callsOf(call, api.createSpiderUrls)[0]).toEqual({
      body: {
        url: ['https://a.test/list', 'https://b.test/docs/'],
        category_id: [1],
        user_id: undefined,
        price: 0,
        language: 'zh-cn',
        pattern: '*.pdf',
        depth: 1,
        auto_publish: true,
      },
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('已加入采集队列'), slow);
  });
});

describe('采集文档', () => {
  it('lists documents with state, size, hash, source and error; links the published one; narrows by start URL', async () => {
    const call = fakeApi(new Map<RouteDef, Answer>([[api.listSpiderDocuments, { total: 3, spider_document: [downloaded, failedDoc, published] }]]));
    renderPage(<SpiderDocumentPage />, { path: '/spider/document', entry: '/spider/document?spider_url_id=3', title: '采集文档' });
    await screen.findByText('超大文件', {}, slow);
    expect(callsOf(call, api.listSpiderDocuments)[0]).toEqual({ query: { page: 1, size: 10, spider_url_id: 3 } });
    const bad = within(rowOf('超大文件'));
    expect(bad.getByText('下载失败')).toBeTruthy();
    expect(bad.getByText('文件超过大小限制（最大 50 MB），已停止下载')).toBeTruthy();
    expect(bad.getByText('重试')).toBeTruthy();
    expect(bad.queryByText('发布')).toBeNull();
    const ok = within(rowOf('用户指南'));
    expect(ok.getByText('已下载')).toBeTruthy();
    expect(ok.getByText('2.00 KB')).toBeTruthy();
    expect(ok.getByText('abababab')).toBeTruthy();
    expect(ok.getByText('发布')).toBeTruthy();
    const pub = within(rowOf('已发布的文档'));
    expect(pub.getByText('已发布')).toBeTruthy();
    expect(pub.getByRole('link', { name: '已发布的文档' }).getAttribute('href')).toBe('/document/abcdef0123456789');
    expect(screen.getByText('采集网址 #3 找到的文档')).toBeTruthy();
  });

  it('publishes (a row, or the selection into another category), retries and deletes', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.listSpiderDocuments, { total: 3, spider_document: [downloaded, failedDoc, published] }],
        [
          api.listCategories,
          {
            total: 1,
            category: [
              {
                id: 2,
                parent_id: 0,
                title: '采集分类',
                type: 0,
                enable: true,
                icon: '',
                cover: '',
                doc_count: 0,
                description: '',
                show_description: false,
                sort: 0,
                created_at: '',
                updated_at: '',
              },
            ],
          },
        ],
        [api.publishSpiderDocuments, { count: 1 }],
        [api.retrySpiderDocuments, { count: 1 }],
        [api.deleteSpiderDocuments, { count: 1 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    renderPage(<SpiderDocumentPage />, { path: '/spider/document', title: '采集文档' });
    await screen.findByText('用户指南', {}, slow);

    fireEvent.click(within(rowOf('用户指南')).getByText('发布'));
    let dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(callsOf(call, api.publishSpiderDocuments)).toEqual([{ body: { id: [21] } }]), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已加入发布队列'), slow);

    fireEvent.click(within(rowOf('用户指南')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('超大文件')).getByRole('checkbox'));
    fireEvent.click(await screen.findByText('发布选中', {}, slow));
    dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.mouseDown(within(dialog).getByText('不选则用采集网址的分类'));
    fireEvent.click(await screen.findByTitle('采集分类', {}, slow));
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(callsOf(call, api.publishSpiderDocuments)[1]).toEqual({ body: { id: [21, 22], category_id: [2] } }), slow);

    fireEvent.click(within(rowOf('超大文件')).getByText('重试'));
    await waitFor(() => expect(callsOf(call, api.retrySpiderDocuments)).toEqual([{ body: { id: [22] } }]), slow);

    fireEvent.click(within(rowOf('已发布的文档')).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /删\s*除/ }, slow));
    await waitFor(() => expect(callsOf(call, api.deleteSpiderDocuments)).toEqual([{ query: { id: [23] } }]), slow);
  });
});
