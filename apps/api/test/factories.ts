/**
 * Test factories: each makes what a test needs through the modules' services (`t.app.services`), the same doors
 * the routes use, so a factory-made row has everything a real one has (groups, ledger entries, counters, search
 * index, converted pages). Request bodies are parsed with the contract's schema first, as the route would.
 * Every factory returns plain ids and values a test can pass to `call(t, route, ...)` (see call.ts).
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import * as mupdf from 'mupdf';
import { Document as DocxDocument, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import {
  api,
  routeKey,
  permissionKey,
  ROUTE_LIST,
  ArticleAudit,
  DocumentStatus,
  TargetType,
  type RouteBody,
  type RouteDef,
  type RouteName,
  type TArticle,
  type TCategory,
  type TComment,
  type TDocument,
  type TTargetType,
} from '@wenku/contracts';
import type { TestApp } from './helpers';

/** The address factory-made rows record (requests made through `call` come from 127.0.0.1 too). */
const FACTORY_IP = '127.0.0.1';
/** The first administrator (user 1) acts for factories where the product needs an operator. */
const ROOT_USER_ID = 1;

let seq = 0;
/** Short, unique within a run and across parallel test files. */
export const uniq = () => `${process.pid.toString(36)}${(++seq).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

const services = (t: TestApp) => t.app.services;

type BodyOut<R> = R extends RouteDef<any, any, infer B, any> ? z.output<B> : never;
/** A request body as the route would receive it: parsed (defaults applied) with the contract's schema. */
function parseBody<R extends RouteDef>(route: R, input: RouteBody<R>): BodyOut<R> {
  if (!route.body) throw new Error(`${route.method} ${route.path} takes no body`);
  return route.body.parse(input) as BodyOut<R>;
}

/** A user a test acts as: pass it as `as` to `call`. */
export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

// ---------------------------------------------------------------- users

export interface UserOptions {
  username?: string;
  password?: string;
  /** VIP for 30 days (`true`) or this many days, granted as an administrator would */
  vip?: boolean | number;
  /** the credit balance to end with (moved through the ledger from the registration award) */
  credits?: number;
  /** exactly these groups instead of the default ones */
  groups?: number[];
}

/** A registered user (default groups, registration award), with a token. */
export async function makeUser(t: TestApp, opts: UserOptions = {}): Promise<TestUser> {
  const s = services(t);
  const username = opts.username ?? `u_${uniq()}`;
  const password = opts.password ?? 'secret-123';
  const row = await s.users.createAccount({ username, password }, FACTORY_IP);
  if (opts.groups) {
    await s.adminAccount.setUser(await s.adminAccount.actor(ROOT_USER_ID), { id: row.id, group_id: opts.groups });
    t.app.clearPermissionCache();
  }
  if (opts.vip) {
    await s.account.grantVip(ROOT_USER_ID, { user_id: row.id, days: opts.vip === true ? 30 : opts.vip, remark: 'test factory' });
  }
  if (opts.credits !== undefined) {
    const balance = (await s.users.get(row.id)).creditCount;
    if (opts.credits !== balance) await s.credits.apply({ userId: row.id, delta: opts.credits - balance, reason: 'test', remark: 'test factory' });
  }
  return { id: row.id, username, password, token: await t.app.issueToken(row.id) };
}

/** A permission key (see `permissionKey`) from a route name, a route, a route's `METHOD /api/v1/path`, or the key itself. */
function permissionKeyOf(p: RouteName | RouteDef | string): string {
  if (typeof p !== 'string') return permissionKey(p);
  if (p in api) return permissionKey(api[p as RouteName]);
  const route = ROUTE_LIST.find((r) => routeKey(r) === p);
  return route ? permissionKey(route) : p;
}

export interface AdminOptions extends Omit<UserOptions, 'groups'> {
  /** route names (`'listReports'`), routes (`api.listReports`) or keys (`'GET /api/v1/report/list'`) */
  permissions: (RouteName | RouteDef | string)[];
}

/**
 * A limited administrator: a user in the default groups plus a new group holding only the given permissions.
 * A route without a permission entry (neither admin nor dual-mode) is refused, so a typo cannot grant nothing.
 */
export async function makeAdmin(t: TestApp, opts: AdminOptions): Promise<TestUser & { groupId: number }> {
  const s = services(t);
  const byKey = new Map((await s.users.allPermissions()).map((p) => [`${p.method} ${p.path}`, p.id]));
  const ids = opts.permissions.map((p) => {
    const key = permissionKeyOf(p);
    const id = byKey.get(key);
    if (id === undefined) throw new Error(`makeAdmin: no permission entry ${key}`);
    return id;
  });
  const group = await s.adminAccount.createGroup(await s.adminAccount.actor(ROOT_USER_ID), parseBody(api.createGroup, { title: `管理组_${uniq()}` }));
  await s.adminAccount.setGroupPermissions(await s.adminAccount.actor(ROOT_USER_ID), group.id, ids);
  const user = await makeUser(t, opts);
  const defaults = (await s.users.groups(user.id)).map((g) => g.id);
  await s.adminAccount.setUser(await s.adminAccount.actor(ROOT_USER_ID), { id: user.id, group_id: [...defaults, group.id] });
  t.app.clearPermissionCache();
  return { ...user, groupId: group.id };
}

/** Whether a user holds a route's permission (what the auth plugin computes as `req.permitted`). */
async function holds(t: TestApp, userId: number, route: RouteDef): Promise<boolean> {
  const keys = await t.app.permissionKeys(userId);
  return keys.has('*') || keys.has(permissionKey(route));
}

// ---------------------------------------------------------------- categories

export interface CategoryOptions {
  /** 0 documents (default), 1 articles */
  type?: 0 | 1;
  parent?: number | { id: number };
  title?: string;
  enable?: boolean;
}

const camel = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  );

/** A category, as an administrator creates it. */
export async function makeCategory(t: TestApp, opts: CategoryOptions = {}): Promise<TCategory> {
  const parentId = typeof opts.parent === 'object' ? opts.parent.id : (opts.parent ?? 0);
  const body = parseBody(api.createCategory, { title: opts.title ?? `分类_${uniq()}`, type: opts.type ?? 0, parent_id: parentId, enable: opts.enable ?? true });
  return services(t).content.createCategory(camel(body) as never);
}

/** One enabled category per type and test app, made on first use: where factories put things by default. */
const defaultCategories = new WeakMap<TestApp, Map<0 | 1, Promise<number>>>();
function defaultCategory(t: TestApp, type: 0 | 1): Promise<number> {
  let m = defaultCategories.get(t);
  if (!m) defaultCategories.set(t, (m = new Map()));
  let id = m.get(type);
  if (!id) m.set(type, (id = makeCategory(t, { type }).then((c) => c.id)));
  return id;
}
const idsOf = (v: number | { id: number } | (number | { id: number })[]) => (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'number' ? x : x.id));

// ---------------------------------------------------------------- files

const hex16 = (s: string) => Buffer.from(s, 'utf16le').swap16().toString('hex');
const pdfString = (s: string) => `(${s.replace(/[()\\]/g, '\\$&')})`;

/**
 * A PDF with these pages; each page's text is drawn line by line (`\n` starts a line). Printable ASCII is set in
 * Helvetica and everything else in MuPDF's CJK font, so conversion extracts the text exactly as written
 * (Chinese, full-width forms, mixed runs). `nonce` goes into the document information, so equal texts still
 * make different files (different hashes) unless the same nonce is given.
 */
export function textPdf(pages: string[], nonce = uniq()): Buffer {
  const size = 12;
  const doc = new mupdf.PDFDocument();
  const cjk = doc.addCJKFont(new mupdf.Font('zh-Hans'), 'zh-Hans', 0, false);
  const latin = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin');
  const resources = doc.addObject({ Font: { F1: cjk, F2: latin } });
  for (const page of pages) {
    const lines = page.split('\n');
    // wide enough for the longest line: the text is never wrapped (a wrap would add line breaks to the text)
    const width = Math.max(595, 80 + Math.max(...lines.map((l) => l.length)) * size);
    const height = Math.max(842, 80 + lines.length * size * 1.3);
    const ops = lines.map((line, i) => {
      const runs = (line.match(/[\x20-\x7e]+|[^\x20-\x7e]+/g) ?? []).map((r) =>
        /^[\x20-\x7e]/.test(r) ? `/F2 ${size} Tf ${pdfString(r)} Tj` : `/F1 ${size} Tf <${hex16(r)}> Tj`,
      );
      return `BT 40 ${height - 40 - i * size * 1.3} Td ${runs.join(' ')} ET`;
    });
    doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, ops.join('\n')));
  }
  const info = doc.newDictionary();
  info.put('Subject', doc.newString(nonce));
  doc.getTrailer().put('Info', doc.addObject(info));
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

/** A DOCX with these pages (explicit page breaks; `\n` starts a paragraph); `nonce` makes the file unique. */
export async function textDocx(pages: string[], nonce = uniq()): Promise<Buffer> {
  const children: Paragraph[] = [];
  pages.forEach((page, i) => {
    for (const line of page.split('\n')) children.push(new Paragraph({ children: [new TextRun(line)] }));
    if (i < pages.length - 1) children.push(new Paragraph({ children: [new PageBreak()] }));
  });
  return Packer.toBuffer(new DocxDocument({ creator: nonce, sections: [{ children }] }));
}

// ---------------------------------------------------------------- documents

export interface DocumentOptions {
  owner?: TestUser;
  title?: string;
  /** the text of each page (a string is one page); default: one page naming the title's nonce */
  text?: string | string[];
  /** the file made from `text` (default pdf); docx converts through LibreOffice (seconds) */
  ext?: 'pdf' | 'docx';
  /** upload exactly these bytes instead of a file made from `text` */
  file?: { name: string; content: Buffer };
  price?: number;
  keywords?: string;
  description?: string;
  language?: string;
  category?: number | { id: number } | (number | { id: number })[];
  /** run the real conversion (pages, cover, text, search index); fails the test if it does not convert */
  converted?: boolean;
}

export interface TestDocument {
  id: number;
  uuid: string;
  hash: string;
  title: string;
  owner: TestUser;
  /** the uploaded bytes and file name */
  file: Buffer;
  name: string;
  /** the document as the owner would see it after the factory (and the conversion) ran */
  doc: TDocument;
}

/**
 * A document uploaded and submitted by its owner (upload award, counters, search index follow); with
 * `converted: true` its file is converted for real, as the conversion job would.
 */
export async function makeDocument(t: TestApp, opts: DocumentOptions = {}): Promise<TestDocument> {
  const s = services(t);
  const owner = opts.owner ?? (await makeUser(t));
  const nonce = uniq();
  const title = opts.title ?? `Document ${nonce}`;
  const ext = opts.ext ?? 'pdf';
  const pages = opts.text === undefined ? [`Test document ${nonce}`] : typeof opts.text === 'string' ? [opts.text] : opts.text;
  const content = opts.file?.content ?? (ext === 'docx' ? await textDocx(pages, nonce) : textPdf(pages, nonce));
  const name = opts.file?.name ?? `${title.replace(/[\\/:*?"<>|\r\n]+/g, '_')}.${ext}`;

  await s.attachments.assertCanUpload(owner.id);
  const max = await s.attachments.maxUploadBytes();
  const attachment = await s.attachments.receiveDocument(owner.id, FACTORY_IP, name, Readable.from([content]), () => false, max);
  const body = parseBody(api.createDocuments, {
    category_id: opts.category !== undefined ? idsOf(opts.category) : [await defaultCategory(t, 0)],
    document: [{ attachment_id: attachment.id, title, price: opts.price, keywords: opts.keywords, description: opts.description, language: opts.language }],
  });
  const [created] = await s.documents.upload.create(owner.id, body);
  if (opts.converted) {
    const r = await s.conversion.convert(attachment.hash);
    if (r.status !== DocumentStatus.Converted) throw new Error(`makeDocument: "${title}" did not convert (status ${r.status}${r.error ? `: ${r.error}` : ''})`);
  }
  const [doc] = await s.documents.views.decorate(await s.documents.views.byIds([created.id]));
  return { id: created.id, uuid: created.uuid, hash: attachment.hash, title, owner, file: content, name, doc };
}

/** A download of a document as the download route makes it (limits, credits, counters); returns the signed-URL path. */
export async function makeDownload(t: TestApp, opts: { document: number | { id: number }; by?: TestUser; ip?: string }): Promise<string> {
  const s = services(t);
  const by = opts.by ?? (await makeUser(t));
  const id = typeof opts.document === 'number' ? opts.document : opts.document.id;
  // a fresh address per download unless given: the per-IP daily limit belongs to the tests' own requests
  const ip = opts.ip ?? `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  return s.downloads.downloadUrl({ userId: by.id, isAdmin: false }, id, ip, () => 'factory');
}

// ---------------------------------------------------------------- articles

export interface ArticleOptions {
  owner?: TestUser;
  title?: string;
  content?: string;
  keywords?: string;
  description?: string;
  category?: number | { id: number } | (number | { id: number })[];
  /** administrators only (as in the product) */
  identifier?: string;
  draft?: boolean;
  /** the audit state to end in: approved as created (default), or set afterwards by an administrator */
  status?: 'approved' | 'pending' | 'rejected';
  rejectReason?: string;
}

/** An article written by its owner (keywords, description, search index as the route makes them). */
export async function makeArticle(t: TestApp, opts: ArticleOptions = {}): Promise<TArticle> {
  const s = services(t);
  const owner = opts.owner ?? (await makeUser(t));
  const body = parseBody(api.createArticle, {
    title: opts.title ?? `文章_${uniq()}`,
    content: opts.content ?? (opts.draft ? '' : '# 标题\n\n正文内容。'),
    keywords: opts.keywords,
    description: opts.description,
    identifier: opts.identifier,
    is_draft: opts.draft ?? false,
    category_id: opts.category !== undefined ? idsOf(opts.category) : [await defaultCategory(t, 1)],
  });
  const created = await s.articles.writing.create({ userId: owner.id, isAdmin: await holds(t, owner.id, api.createArticle) }, body);
  const admin = { userId: ROOT_USER_ID, isAdmin: true };
  if (opts.status === 'pending' && created.status !== ArticleAudit.Pending)
    await s.articles.writing.update(admin, { id: created.id, status: ArticleAudit.Pending });
  if (opts.status === 'rejected') await s.articles.admin.check([created.id], ArticleAudit.Rejected, opts.rejectReason ?? '测试拒绝');
  if (opts.status === 'approved' && created.status !== ArticleAudit.Approved) await s.articles.admin.check([created.id], ArticleAudit.Approved, '');
  if (!opts.status) return created;
  const [article] = await s.articles.views.decorate([await s.articles.views.visible({ id: created.id }, admin)], true);
  return article;
}

// ---------------------------------------------------------------- interactions

type Target = number | { id: number };
const targetId = (x: Target) => (typeof x === 'number' ? x : x.id);

/** A comment on a document (type 0, default) or an article (type 1), as its author posts it. */
export async function makeComment(
  t: TestApp,
  opts: { target: Target; type?: TTargetType; author?: TestUser; content?: string; parent?: Target },
): Promise<TComment & { author: TestUser }> {
  const author = opts.author ?? (await makeUser(t));
  const body = parseBody(api.createComment, {
    document_id: targetId(opts.target),
    type: opts.type ?? TargetType.Document,
    content: opts.content ?? `评论_${uniq()}`,
    parent_id: opts.parent === undefined ? 0 : targetId(opts.parent),
  });
  const comment = await services(t).interactions.comment(author.id, body, FACTORY_IP);
  return { ...comment, author };
}

/** A favourite of a document (type 0, default) or an article (type 1). */
export async function makeFavorite(t: TestApp, opts: { target: Target; type?: TTargetType; user?: TestUser }): Promise<{ id: number; user: TestUser }> {
  const user = opts.user ?? (await makeUser(t));
  const f = await services(t).interactions.favorite(user.id, targetId(opts.target), opts.type ?? TargetType.Document, FACTORY_IP);
  return { id: f.id, user };
}
