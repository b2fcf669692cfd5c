// Shared by the journeys (not a journey itself: run.mjs reads journeys/ only).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One of the API's fake vendors (`apps/api/test/fakes/*-process.ts` or `*-server.ts`) in its own process; resolves
 * with the JSON line it prints when ready (its URLs and keys) and `stop()`.
 */
export function startFake(script, label, env = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.join(root, 'apps', 'api'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start`)), 60_000);
    readline.createInterface({ input: proc.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ ...JSON.parse(line), stop: () => proc.kill('SIGTERM') });
    });
    proc.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
}

/** The fake LLM vendor (OpenAI-compatible chat and embeddings), a token every `tokenMs`. */
export const startFakeModel = (tokenMs) => startFake('test/fakes/llm-server-process.ts', 'fake model', { FAKE_LLM_TOKEN_MS: String(tokenMs) });

/** A response's JSON body; a non-2xx answer throws with its status and body. */
export async function json(res) {
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!res.ok) throw new Error(`${res.status} ${typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body)}`);
  return body;
}

/**
 * Logs in through the login page. Waits for the header to show the name (`until: 'name'`, desktop) or only for the
 * page to leave /login (`until: 'left'`, where the header has no name, e.g. on phones).
 */
export async function login(page, baseUrl, who, { until = 'name' } = {}) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('用户名 / 邮箱 / 手机号').fill(who.username);
  await page.getByPlaceholder('密码').fill(who.password);
  await page
    .getByRole('main')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  if (until === 'name') await page.waitForSelector(`.wk-user-name:has-text("${who.username}")`, { timeout: 15000 });
  else await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
}

/**
 * A small valid PDF built by hand (no tools needed): each page is a list of lines, a line a string (Helvetica 14)
 * or `{ text, size }`; Latin-1 text only (the built-in font has no CJK). `outline`: bookmarks `{ title, page }`
 * (any script in the titles) that point at the top of their page.
 */
export function textPdf(pages, { outline = [] } = {}) {
  const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids = [];
  for (const lines of pages) {
    let y = 740;
    const text = lines
      .map((l) => {
        const { text: t, size = 14 } = typeof l === 'string' ? { text: l } : l;
        const op = `BT /F1 ${size} Tf 60 ${y} Td (${esc(t)}) Tj ET`;
        y -= Math.round(size * 1.85);
        return op;
      })
      .join(' ');
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  // bookmarks ({ title, page } 1-based, one level): titles in UTF-16BE so Chinese ones read as written
  let outlines = '';
  if (outline.length) {
    const root = add('');
    const first = objects.length + 1;
    const hex = (t) => `<FEFF${Buffer.from(t, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
    outline.forEach(({ title, page }, i) => {
      const n = first + i;
      const links = `${i > 0 ? ` /Prev ${n - 1} 0 R` : ''}${i < outline.length - 1 ? ` /Next ${n + 1} 0 R` : ''}`;
      add(`<< /Title ${hex(title)} /Parent ${root} 0 R${links} /Dest [${kids[page - 1]} 0 R /XYZ 0 842 0] >>`);
    });
    objects[root - 1] = `<< /Type /Outlines /First ${first} 0 R /Last ${first + outline.length - 1} 0 R /Count ${outline.length} >>`;
    outlines = ` /Outlines ${root} 0 R /PageMode /UseOutlines`;
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R${outlines} >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A page's first load in a fresh browser context (nothing cached): every request until the app is usable (out of
 * its start-up spinner) and the network has then been quiet for half a second, the JavaScript's bytes on the wire (compressed as sent), and the largest contentful paint.
 * Used by the first-load budget journey and by bench/web-bench.mjs.
 */
export async function measureFirstLoad(browser, url, { viewport = { width: 1366, height: 900 } } = {}) {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const responses = [];
    page.on('requestfinished', (req) => responses.push(req));
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load' });
    // usable: the app has left its start-up spinner (settings and categories loaded, the route's code run), then
    // whatever the page asks for next (its data, covers) has finished; the network goes quiet in between while
    // the scripts run, so network-idle alone would stop too early
    await page.waitForFunction(() => !document.querySelector('.wk-fullpage-spin') && (document.querySelector('#root')?.childElementCount ?? 0) > 0, null, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    const loadMs = Date.now() - started;
    let jsBytes = 0;
    let totalBytes = 0;
    const js = [];
    // every request, as `type path`, so a journey can say what a page loaded
    const list = responses.map((req) => `${req.resourceType()} ${new URL(req.url()).pathname}`);
    for (const req of responses) {
      const sizes = await req.sizes().catch(() => ({ responseBodySize: 0 }));
      totalBytes += sizes.responseBodySize;
      if (req.resourceType() === 'script' || /\.m?js(\?|$)/.test(req.url())) {
        jsBytes += sizes.responseBodySize;
        js.push({ url: new URL(req.url()).pathname, bytes: sizes.responseBodySize });
      }
    }
    const lcpMs = await page.evaluate(() => window.__lcp);
    return { url, requests: responses.length, jsBytes, totalBytes, jsFiles: js.length, js, list, lcpMs: Math.round(lcpMs), loadMs };
  } finally {
    await context.close();
  }
}

/** A free TCP port on the loopback address. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Waits until `url` answers 2xx, failing early if the server process `proc` exits. */
export async function waitForServer(url, ms, proc) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}
