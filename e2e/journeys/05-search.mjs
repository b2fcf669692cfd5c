// Issue 5 journey: a user uploads a Chinese text document through the API, it converts, and a word that appears only
// in its body finds it: highlighted with <em>, filters and sorts kept in the URL (back/forward), then opened.
// The same user publishes an article; the article search finds it, and a word no article has gives the empty state.
import assert from 'node:assert/strict';

const stamp = Date.now().toString(36);
const user = { username: `srch_${stamp}`, password: 'e2e-pass-123' };
// the body word must not be in the title; it starts a line so a rendered line wrap cannot split it
const BODY_WORD = '獬豸';
const TITLE = `古代神兽考据笔记 ${stamp}`;
const BODY = [
  TITLE,
  '',
  `${BODY_WORD}是中国古代传说中的神兽，能辨是非曲直，常被视为公正与法治的象征。`,
  '历代官员的服饰上常绣有此兽的图案，以示执法公正。',
  '本文整理了相关的文献记载与考古发现。',
].join('\n');
// the article shares 神兽 with the document but not BODY_WORD, so the article search has one hit and one miss
const ARTICLE_TITLE = `神兽图谱札记 ${stamp}`;
const ARTICLE_MARKDOWN = ['## 貔貅与麒麟', '', '神兽是中国古代传说中的瑞兽，本文记录貔貅与麒麟的形象演变。'].join('\n');

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Until `found()` answers something, once a second for at most `ms`; then fails with `what`. */
async function eventually(found, ms, what) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = await found();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(what);
}

/** Admin creates a category; a new user uploads the text and submits it, and publishes an article; waits until both are searchable. */
async function seed(api, admin) {
  const post = (path, body, token) =>
    api(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then(json);
  const adminToken = (await post('/user/login', admin)).token;
  const category = await post('/category', { title: `搜索测试 ${stamp}`, type: 0 }, adminToken);
  const { token } = await post('/user/register', user);
  assert.ok(token, 'registration gives a token');

  const form = new FormData();
  form.append('file', new Blob([BODY], { type: 'text/plain' }), `${TITLE}.txt`);
  const uploaded = await json(await api('/upload/document', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  const created = await post('/document', { category_id: [category.id], document: [{ attachment_id: uploaded.data.id, title: TITLE, price: 0 }] }, token);
  const doc = created.document[0];

  const article = await post('/article', { title: ARTICLE_TITLE, content: ARTICLE_MARKDOWN }, token);
  assert.equal(article.status, 1, 'the article is published without review (the default group needs none)');

  let status = doc.status;
  await eventually(async () => {
    const d = await json(await api(`/document?id=${doc.id}`, { headers: { authorization: `Bearer ${token}` } }));
    status = d.status;
    if (status === 3) throw new Error(`conversion failed: ${d.convert_error}`);
    return status === 2;
  }, 90_000, `document not converted in time (status ${status})`);
  await eventually(
    async () => (await json(await api(`/article/search?wd=${encodeURIComponent('神兽')}`))).article.some((a) => a.id === article.id),
    30_000,
    'the article search does not find the new article',
  );
  return { ...doc, article };
}

let seeded;

export const journeys = [
  {
    name: 'search: a word from the body finds the new document, highlighted, and opens it',
    async run({ page, baseUrl, shot, admin, api }) {
      seeded = await seed(api, admin);

      // the API itself: the hit carries the highlight
      const res = await json(await api(`/document/search?wd=${encodeURIComponent(BODY_WORD)}`));
      assert.ok(res.document.some((d) => d.uuid === seeded.uuid), 'the API finds the document by a body word');
      assert.ok(res.document.find((d) => d.uuid === seeded.uuid).highlight_snippet.includes(`<em>${BODY_WORD}</em>`), 'the snippet highlights the word');

      // from the header search box on the home page (empty keyword does nothing)
      await page.goto(`${baseUrl}/`);
      const box = page.locator('.wk-header').getByPlaceholder('搜索文档');
      await box.waitFor({ timeout: 15000 });
      await box.press('Enter');
      assert.equal(new URL(page.url()).pathname, '/', 'an empty keyword does not search');
      await box.fill(BODY_WORD);
      await box.press('Enter');
      await page.waitForURL(/\/search\?/, { timeout: 15000 });
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('wd'), BODY_WORD);
      assert.equal(url.searchParams.get('type'), '0');
      // the desktop header box is hidden on /search
      await page.locator('.wk-header .wk-header-search').waitFor({ state: 'detached', timeout: 10000 });

      const hit = page.locator('.wk-search-hit', { hasText: TITLE });
      await hit.waitFor({ timeout: 15000 });
      assert.equal(await hit.locator('.wk-search-hit-snippet em', { hasText: BODY_WORD }).count() > 0, true, 'the body word is highlighted with <em>');
      await page.getByText(/找到约 \d+ 条结果（用时 [\d.]+ 秒）/).waitFor();
      await shot('results');

      // filters and sorts live in the URL: back and forward restore them
      await page.getByRole('group', { name: '类型' }).getByRole('link', { name: '文本' }).click();
      await page.waitForURL(/ext=text/);
      await hit.waitFor();
      await page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '最新' }).click();
      await page.waitForURL(/sort=latest/);
      await hit.waitFor();
      await page.goBack();
      await page.waitForURL((u) => !u.search.includes('sort=latest') && u.search.includes('ext=text'));
      assert.equal(await page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '相关度' }).getAttribute('aria-current'), 'true');
      await page.goForward();
      await page.waitForURL(/sort=latest/);
      assert.equal(await page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '最新' }).getAttribute('aria-current'), 'true');

      // a filter that excludes it: the empty state offers suggestions and clearing the filters
      await page.getByRole('group', { name: '类型' }).getByRole('link', { name: 'PDF' }).click();
      await page.getByText(`没有找到与“${BODY_WORD}”相关的文档`).waitFor({ timeout: 15000 });
      await shot('empty');
      await page.getByRole('button', { name: '清除筛选条件' }).click();
      await hit.waitFor({ timeout: 15000 });

      // open it
      await hit.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(new RegExp(`/document/${seeded.uuid}$`), { timeout: 15000 });
      await page.locator('h1', { hasText: TITLE }).waitFor({ timeout: 15000 });
      await page.waitForLoadState('networkidle');
      await shot('document');
    },
  },
  {
    name: 'search: phone layout, filters in a drawer, search again from the page box',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot }) {
      assert.ok(seeded, 'the first search journey seeded the document');
      await page.goto(`${baseUrl}/search?wd=${encodeURIComponent(BODY_WORD)}&type=0`);
      const hit = page.locator('.wk-search-hit', { hasText: TITLE });
      await hit.waitFor({ timeout: 15000 });
      await shot('mobile-results');
      await page.getByRole('button', { name: /筛\s*选/ }).click();
      const drawer = page.locator('.wk-search-drawer');
      await drawer.getByRole('group', { name: '类型' }).getByRole('link', { name: '文本' }).click();
      await page.waitForURL(/ext=text/);
      await hit.waitFor({ timeout: 15000 });
      await shot('mobile-filtered');

      // the page's own box: a new keyword starts a new search (filters reset), the 文章 switch keeps the keyword
      const box = page.getByRole('search').getByRole('searchbox');
      await box.fill('神兽');
      await box.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('wd') === '神兽' && !u.search.includes('ext='));
      await hit.waitFor({ timeout: 15000 });
      await page.getByRole('search').getByText('文章').click();
      await page.waitForURL((u) => u.searchParams.get('type') === '1' && u.searchParams.get('wd') === '神兽');

      // article search is real: the published article is a hit, highlighted, and links to its page
      const body = page.locator('.wk-search-body');
      const articleHit = body.locator('.wk-search-hit', { hasText: ARTICLE_TITLE });
      await articleHit.waitFor({ timeout: 15000 });
      assert.ok((await articleHit.locator('em', { hasText: '神兽' }).count()) > 0, 'the article hit highlights the word');
      assert.equal(await articleHit.getByRole('link', { name: ARTICLE_TITLE }).getAttribute('href'), `/article/${encodeURIComponent(seeded.article.identifier)}`);
      await page.getByText(/找到约 \d+ 条结果（用时 [\d.]+ 秒）/).waitFor();
      assert.equal(await page.getByText('即将上线').count(), 0, 'no placeholder on the article search');
      await shot('mobile-articles');

      // a word no article has: the empty state, never a placeholder
      await page.goto(`${baseUrl}/search?wd=${encodeURIComponent(BODY_WORD)}&type=1`);
      await body.getByText(`没有找到与“${BODY_WORD}”相关的文章`).waitFor({ timeout: 15000 });
      assert.equal(await body.locator('.wk-search-hit').count(), 0, 'no article has the document-only word');
      assert.equal(await page.getByText('即将上线').count(), 0, 'no placeholder on an empty article search');
      await shot('mobile-articles-empty');
    },
  },
];
