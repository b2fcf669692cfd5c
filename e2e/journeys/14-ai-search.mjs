// Issue 14 journey: the administrator points the site at a model and an embedding model (one local fake serves both
// /v1/chat/completions and /v1/embeddings) and uploads a real PDF; once it is converted and embedded, a user asks on
// /chat/search, sees the references arrive, opens one and lands on that page of the document with the page
// outlined; then asks the document itself from its page (问这篇文档) and gets an answer with a reference into it.
// Desktop 1366×900 and a phone 390×844.
import assert from 'node:assert/strict';
import { json, login, startFakeModel, textPdf } from '../helpers.mjs';
const stamp = Date.now().toString(36);

/** The page that answers the question, and the question (paraphrased, not copied from the page). */
const ANSWER_PAGE = 3;
const FACTS = {
  1: [
    'Annual operations report of the harbour district.',
    'Budget tables, staffing and the ferry timetable follow.',
    'Ferries leave the north pier every forty minutes.',
  ],
  2: [
    'Section two describes the fish market renovation.',
    'The market hall gets a new roof and cold storage.',
    'Traders moved to temporary stalls during the works.',
  ],
  3: [
    'Section three: the lighthouse on Wenku Point.',
    'The lighthouse keeper is Margarethe Quill, appointed in 1987.',
    'She climbs the 214 steps at dusk and feeds the seagulls on Tuesdays.',
  ],
  4: [
    'Section four covers the coastal footpath.',
    'Volunteers repaired benches and signposts along the cliffs.',
    'Dogs must be kept on a lead near the nesting sites.',
  ],
  5: ['Appendix: contacts of the harbour office.', 'Opening hours are from nine to five on weekdays.', 'Questions may be sent to the office by post.'],
};
const SEARCH_QUESTION = 'Who keeps the lighthouse at Wenku Point?';
const DOC_QUESTION = 'How many steps does the keeper climb?';

const bearer = (token, extra = {}) => ({ ...extra, authorization: `Bearer ${token}` });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The administrator's token, and the site pointed at the fake: chat model and embedding model. */
async function configure(api, admin, model) {
  const { token } = await json(await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }));
  const values = {
    enable: true,
    provider: 'custom',
    base_url: model.url,
    api_key: model.apiKey,
    model: 'fake-chat',
    embedding_model: 'fake-embed',
    daily_quota: 50,
  };
  const config = Object.entries(values).map(([name, value]) => ({ category: 'llm', name, value }));
  await json(await api('/config', { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify({ config }) }));
  return token;
}

const shared = {};

/**
 * Once per run: the administrator uploads the PDF through the API (multipart, then POST /document), and waits for it
 * to be converted and embedded (GET /embedding/list as the administrator).
 */
function uploadOnce(api, token) {
  shared.doc ??= (async () => {
    const cats = await json(await api('/category/list?page=1&size=100&type=0'));
    const category = cats.category.find((c) => c.type === 0 && c.enable && c.parent_id === 0);
    assert.ok(category, 'a document category exists');
    const title = `Harbour report ${stamp}`;
    const form = new FormData();
    form.append('file', new Blob([textPdf(Object.values(FACTS))], { type: 'application/pdf' }), `harbour-report-${stamp}.pdf`);
    const uploaded = await json(await api('/upload/document', { method: 'POST', headers: bearer(token), body: form }));
    const created = await json(
      await api('/document', {
        method: 'POST',
        headers: bearer(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({ category_id: [category.id], document: [{ attachment_id: uploaded.data.id, title, price: 0, keywords: 'harbour,lighthouse' }] }),
      }),
    );
    const doc = created.document[0];
    assert.ok(doc?.uuid, `the document was created: ${JSON.stringify(created)}`);

    // converted, then embedded: nothing may stay pending or processing
    const until = Date.now() + 240_000;
    let last;
    for (;;) {
      const d = await json(await api(`/document?uuid=${doc.uuid}`, { headers: bearer(token) }));
      const list = await json(await api(`/embedding/list?page=1&size=10&wd=${encodeURIComponent(title)}`, { headers: bearer(token) }));
      last = { status: d.status, task: list.embedding.find((t) => t.uuid === doc.uuid) };
      if (d.status === 3) throw new Error(`conversion failed: ${d.convert_error}`);
      if (last.task?.status === 3) throw new Error(`embedding failed: ${last.task.error}`);
      if (d.status === 2 && last.task?.status === 2) break;
      if (Date.now() > until) throw new Error(`not converted and embedded in time: ${JSON.stringify(last)}`);
      await sleep(1000);
    }
    assert.ok(last.task.chunks > 0, `the document was cut into chunks: ${JSON.stringify(last.task)}`);
    assert.equal(last.task.embedded, last.task.chunks, `every chunk has a vector of the fake model: ${JSON.stringify(last.task)}`);
    return { ...doc, title };
  })();
  return shared.doc;
}

async function newUser(api, token, prefix) {
  const user = { username: `${prefix}_${stamp}`, password: 'e2e-pass-123' };
  // created by the administrator: registration is limited to 10 an hour per address, and the whole e2e run comes from one
  await json(await api('/user', { method: 'POST', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(user) }));
  return user;
}

/** Types a question into the page's question box and sends it. */
async function askQuestion(page, question) {
  const box = page.getByLabel('问题');
  await box.waitFor({ timeout: 15000 });
  await box.fill(question);
  await box.press('Enter');
}

/** The hrefs of the reference cards of the last answer. */
async function referenceHrefs(page) {
  const answer = page.getByTestId('chat-answer').last();
  await answer.getByTestId('chat-reference').first().waitFor({ timeout: 30000 });
  return answer.getByTestId('chat-reference').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
}

const answerDone = (page) => page.getByTestId('chat-answer').last().getByRole('button', { name: /复制/ }).waitFor({ timeout: 60000 });

/** On the reader: the URL is /document/{uuid}?page=N and page N is outlined. */
async function expectCitedPage(page, doc, n) {
  await page.waitForURL((u) => u.pathname === `/document/${doc.uuid}` && u.searchParams.get('page') === String(n), { timeout: 15000 });
  await page.locator(`.wk-reader-page.is-target[data-page="${n}"]`).waitFor({ timeout: 30000 });
}

async function journey({ page, context, baseUrl, shot, admin, api }, phone) {
  const model = await startFakeModel(30);
  try {
    const token = await configure(api, admin, model);
    const doc = await uploadOnce(api, token);
    const user = await newUser(api, token, phone ? 'p_asker' : 'asker');
    await login(page, baseUrl, user, { until: 'left' });

    // AI搜索: the references arrive (before the answer is written), numbered, pointing at the answering page
    await page.goto(`${baseUrl}/chat/search`);
    await page.getByRole('heading', { name: 'AI搜索' }).waitFor({ timeout: 15000 });
    await shot('search-home');
    await askQuestion(page, SEARCH_QUESTION);
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 15000 });
    const hrefs = await referenceHrefs(page);
    await shot('search-references');
    const cited = `/document/${doc.uuid}?page=${ANSWER_PAGE}`;
    assert.ok(hrefs.includes(cited), `a reference cites page ${ANSWER_PAGE} of the document: ${JSON.stringify(hrefs)}`);
    await answerDone(page);
    await shot('search-answered');
    // the answer is saved with its references: a reload shows them again
    await page.reload();
    await page.getByTestId('chat-reference').first().waitFor({ timeout: 15000 });

    // open the reference to the answering page: that page of the document, outlined
    const card = page.getByTestId('chat-answer').last().locator(`[data-testid="chat-reference"][href="${cited}"]`);
    if (phone) {
      await card.click(); // phones open it in the same tab
      await expectCitedPage(page, doc, ANSWER_PAGE);
      await shot('cited-page');
    } else {
      const [tab] = await Promise.all([context.waitForEvent('page'), card.click()]); // a new tab on desktop
      await expectCitedPage(tab, doc, ANSWER_PAGE);
      await tab.close();
      await page.goto(`${baseUrl}${cited}`);
      await expectCitedPage(page, doc, ANSWER_PAGE);
      await shot('cited-page');
    }

    // 问这篇文档 from the document page: a document Q&A topic bound to it; the answer cites only it
    await page.goto(`${baseUrl}/document/${doc.uuid}`);
    const ask = page.getByRole('button', { name: /问这篇文档/ });
    await ask.waitFor({ timeout: 15000 });
    await ask.click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 15000 });
    await page.getByText('文档问答').first().waitFor({ timeout: 15000 });
    await page.getByTestId('chat-topic-document').filter({ hasText: doc.title }).waitFor({ timeout: 15000 });
    await askQuestion(page, DOC_QUESTION);
    const docHrefs = await referenceHrefs(page);
    assert.ok(docHrefs.length > 0, 'the document answer has references');
    for (const h of docHrefs) assert.ok(h.startsWith(`/document/${doc.uuid}`), `document Q&A cites only its document: ${h}`);
    await answerDone(page);
    await shot('document-qa-answered');

    // both conversations are in 历史会话 with their kind
    await page.goto(`${baseUrl}/chat/history`);
    const items = page.getByTestId('chat-topic');
    await items.first().waitFor({ timeout: 15000 });
    const kinds = await page.getByTestId('chat-topic-category').allTextContents();
    assert.ok(kinds.includes('AI搜索') && kinds.includes('文档问答'), `history tags both kinds: ${JSON.stringify(kinds)}`);
    await shot('history');
  } finally {
    model.stop();
  }
}

export const journeys = [
  {
    name: 'AI search: references stream first, a citation opens the cited page outlined; 问这篇文档 answers from the document',
    viewport: { width: 1366, height: 900 },
    run: (ctx) => journey(ctx, false),
  },
  {
    name: 'AI search on a phone: ask, open a reference in the same tab, ask the document',
    viewport: { width: 390, height: 844 },
    run: (ctx) => journey(ctx, true),
  },
];
