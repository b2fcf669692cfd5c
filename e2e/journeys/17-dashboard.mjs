// Issue 15 journey (operations): some activity is made through the API (users created by the administrator, a PDF
// uploaded, a download, a comment); the administrator opens the dashboard and finds it: the counts of GET /stats on
// the cards, today's activity in the trend chart (ECharts), another quick range, and the server status read again
// every 5 seconds. Desktop 1366×900 and a phone 390×844.
import assert from 'node:assert/strict';
import { json, login, textPdf } from '../helpers.mjs';

const stamp = Date.now().toString(36);
const bearer = (token, extra = {}) => ({ ...extra, authorization: `Bearer ${token}` });
const jsonHeaders = (token) => bearer(token, { 'content-type': 'application/json' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function adminToken(api, admin) {
  return (await json(await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }))).token;
}

/** Two users, a document uploaded by one of them, downloaded and commented by the other. */
async function makeActivity(api, token, tag) {
  const users = [];
  for (const n of [1, 2]) {
    const user = { username: `${tag}${n}_${stamp}`, password: 'e2e-pass-123' };
    // created by the administrator: registration is limited per address, and the whole run comes from one
    await json(await api('/user', { method: 'POST', headers: jsonHeaders(token), body: JSON.stringify(user) }));
    const { token: t } = await json(await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }));
    users.push({ ...user, token: t });
  }
  const cats = await json(await api('/category/list?page=1&size=100&type=0'));
  const category = cats.category.find((c) => c.type === 0 && c.enable && c.parent_id === 0);
  assert.ok(category, 'a document category exists');
  const form = new FormData();
  form.append('file', new Blob([textPdf([[`Dashboard journey ${tag} ${stamp}`, 'Operations report.']])], { type: 'application/pdf' }), `ops-${tag}-${stamp}.pdf`);
  const uploaded = await json(await api('/upload/document', { method: 'POST', headers: bearer(users[0].token), body: form }));
  const created = await json(
    await api('/document', {
      method: 'POST',
      headers: jsonHeaders(users[0].token),
      body: JSON.stringify({ category_id: [category.id], document: [{ attachment_id: uploaded.data.id, title: `运营报告 ${tag} ${stamp}`, price: 0 }] }),
    }),
  );
  const doc = created.document[0];
  assert.ok(doc?.id, `the document was created: ${JSON.stringify(created)}`);
  await json(await api(`/document/download?id=${doc.id}`, { headers: bearer(users[1].token) }));
  await json(
    await api('/comment', { method: 'POST', headers: jsonHeaders(users[1].token), body: JSON.stringify({ document_id: doc.id, content: '很有用的报告' }) }),
  );
  return users;
}

async function journey({ page, baseUrl, shot, admin, api }, phone) {
  const token = await adminToken(api, admin);
  await makeActivity(api, token, phone ? 'pd' : 'dd');
  const stats = await json(await api('/stats', { headers: bearer(token) }));
  const week = await json(await api('/stats/trend?days=7', { headers: bearer(token) }));
  const today = week.days.at(-1);
  assert.ok(today.users >= 2 && today.documents >= 1 && today.downloads >= 1, `today's bucket holds the activity: ${JSON.stringify(today)}`);

  if (phone) await login(page, baseUrl, admin, { until: 'left' });
  else await login(page, baseUrl, admin);
  await page.goto(`${baseUrl}/admin/dashboard`);

  // the cards: every number from the one GET /stats
  const userCard = page.locator('[data-stat="user"]');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-stat="user"]')?.textContent ?? ''), null, { timeout: 20000 });
  assert.equal(await userCard.textContent(), stats.user_count.toLocaleString('zh-CN'));
  assert.equal(await page.locator('[data-stat="download"]').textContent(), stats.download_count.toLocaleString('zh-CN'));
  await shot('dashboard-cards');

  // the trend: a week by default, drawn by ECharts as SVG, its totals those of the API, today the last day
  const chart = page.getByRole('img', { name: '近7天运营趋势' });
  await chart.waitFor({ timeout: 20000 });
  await chart.locator('svg').waitFor({ timeout: 20000 });
  await chart.scrollIntoViewIfNeeded();
  const axis = await chart.locator('svg text').allTextContents();
  assert.ok(axis.includes(today.date.slice(5)), `the x axis ends today (${today.date}): ${JSON.stringify(axis)}`);
  // desktop: the chart's legend names the series (a phone has the totals above the chart for that)
  if (!phone) assert.ok(axis.includes('新增用户') && axis.includes('AI 提问'), `the legend names the series: ${JSON.stringify(axis)}`);
  const card = page.locator('.ant-card').filter({ hasText: '运营趋势' });
  const usersTotal = card.locator('.ant-statistic').filter({ hasText: '新增用户' }).locator('.ant-statistic-content');
  assert.equal((await usersTotal.textContent()).replace(/\D/g, ''), String(week.totals.users));
  // hovering today's column shows its numbers
  const box = await chart.boundingBox();
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await page.locator('.ant-card').filter({ hasText: '运营趋势' }).getByText(today.date.slice(5)).last().waitFor({ timeout: 5000 });
  await shot('trend-week');

  // another quick range: three months, as lines
  await card.getByText('三个月').click();
  await page.getByRole('img', { name: '近92天运营趋势' }).waitFor({ timeout: 20000 });
  await page.getByTestId('trend-range').filter({ hasText: today.date }).waitFor({ timeout: 10000 });
  await page.getByRole('img', { name: '近92天运营趋势' }).scrollIntoViewIfNeeded();
  await sleep(1500); // the chart's entry animation
  await shot('trend-three-months');

  // the server: gauges, database, queue, engines; read again every 5 seconds
  const device = page.locator('.ant-card').filter({ hasText: '服务器状态' });
  await device.scrollIntoViewIfNeeded();
  await device.getByText('数据库').waitFor({ timeout: 20000 });
  const sampled = device.locator('.ant-card-extra');
  await sampled.waitFor({ timeout: 10000 });
  const first = await sampled.textContent();
  await page.waitForFunction(
    (prev) => {
      const el = [...document.querySelectorAll('.ant-card')].find((c) => c.textContent?.includes('服务器状态'))?.querySelector('.ant-card-extra');
      return el && el.textContent !== prev;
    },
    first,
    { timeout: 15000 },
  );
  await shot('server-status');
  const release = page.locator('.ant-card').filter({ hasText: '版本与授权' });
  await release.scrollIntoViewIfNeeded();
  await release.getByText('AGPL-3.0-or-later').waitFor({ timeout: 10000 });
  await shot('release-licence');
}

export const journeys = [
  {
    name: "Dashboard: the day's activity in the counts and the trend chart, quick ranges, live server status",
    viewport: { width: 1366, height: 900 },
    run: (ctx) => journey(ctx, false),
  },
  {
    name: 'Dashboard on a phone: counts, trend, server status',
    viewport: { width: 390, height: 844 },
    run: (ctx) => journey(ctx, true),
  },
];
