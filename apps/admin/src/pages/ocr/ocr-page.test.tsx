// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteDef, TOcrDocument } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { installDomShims, renderPage, slow } from '../../test/dom';
import { envsFor } from '../config/engines-card';
import { isBusy, progressPercent, progressText } from './lib';
import OcrPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ok: TOcrDocument = {
  document_id: 21,
  title: '古籍扫描件',
  uuid: 'doc-21',
  ext: 'pdf',
  status: 2,
  error: '',
  pages_done: 3,
  pages_total: 3,
  engine: 'tesseract 5.3.0',
  attempts: 1,
  updated_at: '2026-11-24T10:00:00.000Z',
  finished_at: '2026-11-24T10:00:05.000Z',
};
const failed: TOcrDocument = {
  ...ok,
  document_id: 22,
  title: '档案扫描',
  uuid: 'doc-22',
  status: 3,
  error: '第 2 页识别超时（超过 120 秒）',
  pages_done: 1,
  pages_total: 4,
};
const fresh: TOcrDocument = {
  ...ok,
  document_id: 23,
  title: '新上传的扫描',
  uuid: 'doc-23',
  status: null,
  pages_done: 0,
  pages_total: 0,
  engine: '',
  attempts: 0,
  finished_at: null,
};
const list = { total: 3, document: [ok, failed, fresh] };
const envs = {
  envs: [
    { name: 'mupdf.js', installed: true, version: '1.28.1', description: 'MuPDF.js', required: true },
    { name: 'tesseract', installed: false, version: '', description: '原生 OCR', required: false },
    { name: 'tesseract.js', installed: true, version: '7.0.0', description: '内置 OCR', required: false },
    { name: '向量检索', installed: true, version: 'pgvector', description: 'AI 检索', required: false },
  ],
};
const config = (enable: boolean) => ({
  config: [
    {
      id: 1,
      category: 'ocr',
      name: 'enable',
      label: '启用 OCR',
      value: String(enable),
      placeholder: '',
      input_type: 'switch',
      sort: 0,
      options: '',
      option_list: [],
    },
  ],
});

type Answer = unknown | ((arg: unknown) => unknown);
function fakeApi(answers: Map<RouteDef, Answer>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route, arg) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    const a = answers.get(route);
    return (typeof a === 'function' ? (a as (x: unknown) => unknown)(arg) : a) as never;
  });
}
const open = () => renderPage(<OcrPage />, { path: '/document/ocr', title: 'OCR 识别' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const callsOf = (call: ReturnType<typeof fakeApi>, route: RouteDef) => call.mock.calls.filter(([r]) => r === route).map(([, arg]) => arg);

describe('ocr page helpers', () => {
  it('progress, polling and which engines each config page shows', () => {
    expect(progressText(ok)).toBe('3/3 页');
    expect(progressText(fresh)).toBe('—');
    expect(progressText({ status: 2, pages_done: 0, pages_total: 0 })).toBe('无需识别');
    expect(progressText({ status: 0, pages_done: 0, pages_total: 0 })).toBe('准备中');
    expect(progressPercent(failed)).toBe(25);
    expect(isBusy([ok, failed, fresh])).toBe(false);
    expect(isBusy([{ status: 1 }])).toBe(true);
    expect(envsFor('ocr', envs.envs).map((e) => e.name)).toEqual(['tesseract', 'tesseract.js']);
    expect(envsFor('converter', envs.envs).map((e) => e.name)).toEqual(['mupdf.js']);
  });
});

describe('ocr page', () => {
  it('lists documents with their state, progress, engine and error; says when OCR is off', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.listOcrDocuments, list],
        [api.listConfig, config(false)],
        [api.getEnvs, envs],
      ]),
    );
    open();
    expect(await screen.findByText('古籍扫描件', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.listOcrDocuments, { query: { page: 1, size: 10 } });
    expect(await screen.findByText(/OCR 未启用/, {}, slow)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /OCR 设置|去启用/ }).map((a) => a.getAttribute('href'))).toContain('/config/ocr');
    const good = within(rowOf('古籍扫描件'));
    expect(good.getByText('识别成功')).toBeTruthy();
    expect(good.getByText('3/3 页')).toBeTruthy();
    expect(good.getByText('tesseract 5.3.0')).toBeTruthy();
    expect(good.queryByText('重试')).toBeNull();
    const bad = within(rowOf('档案扫描'));
    expect(bad.getByText('识别失败')).toBeTruthy();
    expect(bad.getByText('第 2 页识别超时（超过 120 秒）')).toBeTruthy();
    expect(bad.getByText('1/4 页')).toBeTruthy();
    expect(within(rowOf('新上传的扫描')).getByText('未识别')).toBeTruthy();
    // the engines this server has
    expect(await screen.findByText('识别引擎（本服务器）', {}, slow)).toBeTruthy();
    expect(screen.getByText('7.0.0')).toBeTruthy();
  });

  it('重试 and 立即识别 send the document ids; 重试全部失败 sends none', async () => {
    const call = fakeApi(
      new Map<RouteDef, Answer>([
        [api.listOcrDocuments, list],
        [api.listConfig, config(true)],
        [api.getEnvs, envs],
        [api.retryOcr, { count: 1 }],
        [api.recogniseDocuments, { count: 1 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('档案扫描', {}, slow);
    expect(screen.queryByText(/OCR 未启用/)).toBeNull();
    fireEvent.click(within(rowOf('档案扫描')).getByText('重试'));
    await waitFor(() => expect(callsOf(call, api.retryOcr)).toEqual([{ body: { id: [22] } }]), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已重新排队 1 个文件'), slow);

    fireEvent.click(within(rowOf('新上传的扫描')).getByText('立即识别'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, slow));
    await waitFor(() => expect(callsOf(call, api.recogniseDocuments)).toEqual([{ body: { id: [23] } }]), slow);

    fireEvent.click(screen.getByRole('button', { name: /重试全部失败/ }));
    await waitFor(() => expect(callsOf(call, api.retryOcr)).toEqual([{ body: { id: [22] } }, { body: { id: [] } }]), slow);
  });
});
