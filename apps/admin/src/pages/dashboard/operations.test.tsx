// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteDef, TDevice, TRelease, TStats, TStatsTrend } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { installDomShims, renderPage, slow, testSession } from '../../test/dom';
import { TrendCard, trendOption } from './trend-card';
import { DeviceCard, DEVICE_POLL_MS, gaugeColor, uptimeText } from './device-card';
import { ReleaseCard, releaseSummary } from './release-card';
import DashboardPage from './index';

beforeAll(() => {
  installDomShims();
  // ECharts measures label text on a canvas; jsdom has none (and says so on every call): measure nothing, quietly
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function trend(days: number): TStatsTrend {
  const list = Array.from({ length: days }, (_, i) => {
    const d = new Date(Date.UTC(2026, 10, 25) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const last = i === days - 1;
    return { date: d, users: last ? 4 : i % 3, documents: last ? 2 : 0, downloads: last ? 7 : 1, paid_orders: last ? 1 : 0, chat_messages: last ? 3 : 0 };
  });
  const sum = (k: keyof (typeof list)[number]) => list.reduce((s, x) => s + (x[k] as number), 0);
  return {
    start: list[0].date,
    end: list[days - 1].date,
    timezone: 'Asia/Shanghai',
    days: list,
    totals: {
      users: sum('users'),
      documents: sum('documents'),
      downloads: sum('downloads'),
      paid_orders: sum('paid_orders'),
      chat_messages: sum('chat_messages'),
    },
  };
}

const device = (cpu: number): TDevice => ({
  cpu: { cores: 4, model_name: 'Test CPU @ 2.40GHz', mhz: 2400, percent: cpu, model: 'Test CPU @ 2.40GHz', load: [0.5, 0.4, 0.3] },
  memory: { total: 8 * 2 ** 30, available: 2 * 2 ** 30, used: 6 * 2 ** 30, free: 2 * 2 ** 30, percent: 75, process_rss: 200 * 2 ** 20 },
  disk: [{ path: '/srv/wenku/data', disk_name: '/srv/wenku/data', total: 100 * 2 ** 30, used: 95 * 2 ** 30, free: 5 * 2 ** 30, percent: 95 }],
  database: { kind: 'postgres', size: 42 * 2 ** 20 },
  queue: { available: true, pending: 3, active: 1, failed: 2, queues: [] },
  engines: [
    { name: 'mupdf.js', installed: true, version: '1.26', required: true },
    { name: 'soffice', installed: false, version: '', required: true },
  ],
  uptime: 90_000,
  process_uptime: 3_700,
  node: 'v22',
  os: 'Linux',
  sampled_at: new Date().toISOString(),
});

const release = (over: Partial<TRelease> = {}): TRelease => ({
  tag_name: 'v9.1.0',
  name: 'Wenku 9.1',
  body: '更快的转换',
  release_at: '2026-11-01T00:00:00Z',
  ignore: '',
  source: 'https://example.org/releases.json',
  current: '0.1.0',
  build: 'abc123def456',
  build_at: '',
  url: 'https://example.org/r/9.1',
  checked_at: '2026-11-25T01:00:00Z',
  remind_at: null,
  has_update: true,
  error: '',
  ...over,
});

const stats: TStats = {
  user_count: 1234,
  document_count: 567,
  category_count: 12,
  article_count: 8,
  comment_count: 90,
  report_count: 3,
  friendlink_count: 5,
  banner_count: 2,
  attachment_count: 600,
  documents_by_status: { '2': 560 },
  version: '0.1.0',
  node: 'v22',
  os: 'Linux',
  database: 'postgres',
  hash: 'abc',
  build_at: '',
  document_category_count: 10,
  article_category_count: 2,
  navigation_count: 3,
  advertisement_count: 1,
  download_count: 4321,
  paid_order_count: 9,
  chat_message_count: 77,
  pending_comment_count: 1,
};

/** Answers each route with its fixture; records which routes were called. */
function mockApi(answers: Map<RouteDef, (input: { query?: Record<string, unknown>; body?: unknown }) => unknown>) {
  return vi.spyOn(client, 'call').mockImplementation((async (route: RouteDef, input: { query?: Record<string, unknown>; body?: unknown } = {}) => {
    const answer = answers.get(route);
    if (!answer) throw new Error(`unexpected call ${route.method} ${route.path}`);
    return answer(input);
  }) as never);
}

describe('trendOption', () => {
  it('draws a line per series over a month, bars for a week or less', () => {
    const month = trendOption(trend(31));
    const series = month.series as { type: string; name: string; data: number[] }[];
    expect(series.map((s) => s.name)).toEqual(['新增用户', '上传文档', '下载次数', '支付订单', 'AI 提问']);
    expect(series.every((s) => s.type === 'line')).toBe(true);
    expect(series[0].data).toHaveLength(31);
    expect(series[0].data.at(-1)).toBe(4);
    expect((month.xAxis as { data: string[] }).data.at(-1)).toBe('11-25');
    const day = trendOption(trend(1));
    expect((day.series as { type: string }[]).every((s) => s.type === 'bar')).toBe(true);
  });
});

describe('运营趋势', () => {
  it("renders the chart with today's numbers and switches range", async () => {
    const call = mockApi(new Map([[api.getStatsTrend, ({ query }) => trend(Number(query!.days))]]));
    renderPage(<TrendCard />);
    const chart = await screen.findByRole('img', { name: '近7天运营趋势' }, slow);
    // ECharts drew into the box: an SVG with the legend and one bar per series per day
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy(), slow);
    expect(chart.textContent).toContain('新增用户');
    expect(chart.textContent).toContain('11-25');
    expect(chart.querySelectorAll('svg path').length).toBeGreaterThan(7 * 5);
    expect(call).toHaveBeenCalledWith(api.getStatsTrend, expect.objectContaining({ query: { days: 7 } }));
    expect(screen.getByText('2026-11-19 至 2026-11-25')).toBeTruthy();

    fireEvent.click(screen.getByText('三个月'));
    expect(await screen.findByRole('img', { name: '近92天运营趋势' }, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.getStatsTrend, expect.objectContaining({ query: { days: 92 } }));
    expect(screen.getByText('2026-08-26 至 2026-11-25')).toBeTruthy();
  });

  it('says so when the series cannot be loaded', async () => {
    vi.spyOn(client, 'call').mockRejectedValue(Object.assign(new Error('没有权限'), { status: 403 }));
    renderPage(<TrendCard />);
    expect(await screen.findByText('趋势数据加载失败', {}, slow)).toBeTruthy();
  });
});

describe('服务器状态', () => {
  it(`polls GET /device every ${DEVICE_POLL_MS / 1000} s and shows the new reading`, async () => {
    let n = 0;
    const call = mockApi(new Map([[api.getDevice, () => device(++n === 1 ? 12.5 : 64)]]));
    renderPage(<DeviceCard />);
    expect(await screen.findByLabelText('CPU 12.5%', {}, slow)).toBeTruthy();
    expect(screen.getByText('6.00 GB / 8.00 GB')).toBeTruthy();
    expect(screen.getByText('95.00 GB / 100.00 GB')).toBeTruthy();
    expect(screen.getByText('等待 3')).toBeTruthy();
    expect(screen.getByText('近一天失败 2')).toBeTruthy();
    expect(screen.getByText(/PostgreSQL · 42.00 MB/)).toBeTruthy();
    expect(screen.getByText('必需的引擎未安装：soffice')).toBeTruthy();
    // the next reading arrives by itself
    expect(await screen.findByLabelText('CPU 64%', {}, { timeout: DEVICE_POLL_MS * 3 })).toBeTruthy();
    expect(call.mock.calls.filter(([r]) => r === api.getDevice).length).toBeGreaterThanOrEqual(2);
  });

  it('reads gauges and durations', () => {
    expect(gaugeColor(10)).toBe('#52c41a');
    expect(gaugeColor(75)).toBe('#faad14');
    expect(gaugeColor(95)).toBe('#ff4d4f');
    expect(uptimeText(90_000)).toBe('1 天 1 小时');
    expect(uptimeText(3_700)).toBe('1 小时 1 分钟');
    expect(uptimeText(59)).toBe('0 分钟');
  });
});

describe('版本与授权', () => {
  it('offers the new version, remind later and ignore', async () => {
    const license = {
      name: 'Wenku 文库',
      edition: '社区版（开源）',
      license: 'AGPL-3.0-or-later',
      license_name: '',
      license_url: 'https://www.gnu.org/licenses/agpl-3.0.html',
      source_url: '',
      version: '0.1.0',
    };
    const call = mockApi(
      new Map<RouteDef, (i: { body?: unknown }) => unknown>([
        [api.getRelease, () => release()],
        [api.getLicense, () => license],
        [api.ignoreRelease, () => release({ ignore: 'v9.1.0', has_update: false })],
        [api.refreshRelease, () => release({ remind_at: '2026-12-02T00:00:00Z', has_update: false })],
      ]),
    );
    renderPage(<ReleaseCard />);
    expect(await screen.findByText('发现新版本 v9.1.0（Wenku 9.1）', {}, slow)).toBeTruthy();
    expect(screen.getByText('AGPL-3.0-or-later')).toBeTruthy();
    expect(screen.getByText('abc123def456')).toBeTruthy();
    fireEvent.click(screen.getByText('忽略此版本'));
    expect(await screen.findByText('已忽略版本 v9.1.0', { selector: '.ant-tag' }, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.ignoreRelease, { body: { tag_name: 'v9.1.0' } });
    expect(screen.queryByText('稍后提醒')).toBeNull();
  });

  it('summarises every state', () => {
    expect(releaseSummary(release()).text).toBe('发现新版本 v9.1.0');
    expect(releaseSummary(release({ has_update: false, error: '无法连接版本源' })).text).toBe('无法连接版本源');
    expect(releaseSummary(release({ has_update: false, tag_name: '0.1.0' })).text).toBe('已是最新版本');
  });
});

describe('控制面板', () => {
  it('reads every count from one GET /stats, not one list per card', async () => {
    const call = mockApi(
      new Map<RouteDef, (i: { query?: Record<string, unknown> }) => unknown>([
        [api.getStats, () => stats],
        [api.getStatsTrend, ({ query }) => trend(Number(query!.days))],
        [api.getDevice, () => device(20)],
        [api.getRelease, () => release({ has_update: false, tag_name: '', error: '尚未设置版本源' })],
        [
          api.getLicense,
          () => ({ name: '', edition: '社区版', license: 'AGPL-3.0-or-later', license_name: '', license_url: '', source_url: '', version: '0.1.0' }),
        ],
        [api.getDocumentIndexStatus, () => ({ running: false, total: 0, done: 0, started_at: null, finished_at: null, error: '' })],
        [api.getEnvs, () => ({ envs: [] })],
      ]),
    );
    renderPage(<DashboardPage />, {
      path: '/dashboard',
      title: '控制面板',
      session: testSession({ allowedPages: ['/dashboard', '/config/system', '/user/list'] }),
    });
    await waitFor(() => expect(document.querySelector('[data-stat="user"]')?.textContent).toBe('1,234'), slow);
    expect(document.querySelector('[data-stat="download"]')?.textContent).toBe('4,321');
    expect(screen.getByText('运营趋势')).toBeTruthy();
    expect(await screen.findByText('服务器状态', {}, slow)).toBeTruthy();
    expect(await screen.findByText('尚未设置版本源', {}, slow)).toBeTruthy();
    const routes = call.mock.calls.map(([r]) => r);
    expect(routes.filter((r) => r === api.getStats)).toHaveLength(1);
    for (const list of [api.listUsers, api.listCategories, api.listNavigations, api.listFriendlinks, api.listAdvertisements])
      expect(routes).not.toContain(list);
    // only the page the viewer may open is a link
    expect(document.querySelector('a[href="/user/list"] [data-stat="user"]')).toBeTruthy();
    expect(document.querySelector('a [data-stat="document"]')).toBeNull();
  });

  it('shows a dash, not 0, for the figures a public-only GET /stats answer leaves out', async () => {
    // an operator whose group lacks the stats permission gets moredoc's public counts only
    mockApi(
      new Map<RouteDef, (i: { query?: Record<string, unknown> }) => unknown>([
        [api.getStats, () => ({ user_count: 77, document_count: 55, article_count: 3 })],
        [api.getStatsTrend, ({ query }) => trend(Number(query!.days))],
        [api.getDevice, () => device(20)],
        [api.getRelease, () => release({ has_update: false, tag_name: '', error: '尚未设置版本源' })],
        [
          api.getLicense,
          () => ({ name: '', edition: '社区版', license: 'AGPL-3.0-or-later', license_name: '', license_url: '', source_url: '', version: '0.1.0' }),
        ],
        [api.getDocumentIndexStatus, () => ({ running: false, total: 0, done: 0, started_at: null, finished_at: null, error: '' })],
        [api.getEnvs, () => ({ envs: [] })],
      ]),
    );
    renderPage(<DashboardPage />, { path: '/dashboard', title: '控制面板', session: testSession({ allowedPages: ['/dashboard', '/config/system'] }) });
    await waitFor(() => expect(document.querySelector('[data-stat="user"]')?.textContent).toBe('77'), slow);
    expect(document.querySelector('[data-stat="document"]')?.textContent).toBe('55');
    expect(document.querySelector('[data-stat="article"]')?.textContent).toBe('3');
    for (const key of ['download', 'comment', 'category', 'friendlink', 'report'])
      expect(document.querySelector(`[data-stat="${key}"]`)?.textContent, key).toBe('—');
  });

  it('shows no operations cards to an administrator without the config module', async () => {
    const call = vi.spyOn(client, 'call').mockResolvedValue({} as never);
    renderPage(<DashboardPage />, { path: '/dashboard', title: '控制面板', session: testSession({ allowedPages: ['/dashboard'] }) });
    expect(await screen.findByText('快捷入口', {}, slow)).toBeTruthy();
    expect(screen.queryByText('运营趋势')).toBeNull();
    expect(screen.queryByText('服务器状态')).toBeNull();
    expect(call).not.toHaveBeenCalledWith(api.getStats, expect.anything());
  });
});
