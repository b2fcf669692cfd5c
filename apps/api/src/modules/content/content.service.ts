import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { positionsOfGroup, type TAdvertisement, type TCategory, type TFriendlink, type TNavigation } from '@wenku/contracts';
import type { Db, Tx } from '../../db/client';
import { advertisements, categories, friendlinks, navigations } from '../../db/schema';
import { pickFields } from '../../lib/fields';
import { freeze, type Caches, type TtlCache } from '../../lib/cache';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import { CrudRepo } from '../../db/crud-repo';

export type CategoryRow = typeof categories.$inferSelect;
type NavigationRow = typeof navigations.$inferSelect;
type FriendlinkRow = typeof friendlinks.$inferSelect;
type AdRow = typeof advertisements.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toCategory = (c: CategoryRow): TCategory => ({
  id: c.id,
  parent_id: c.parentId,
  title: c.title,
  icon: c.icon,
  cover: c.cover,
  doc_count: c.docCount,
  enable: c.enable,
  description: c.description,
  show_description: c.showDescription,
  sort: c.sort,
  type: c.type,
  created_at: c.createdAt.toISOString(),
});
export const toNavigation = (n: NavigationRow): TNavigation => ({
  id: n.id,
  title: n.title,
  href: n.href,
  target: n.target,
  color: n.color,
  sort: n.sort,
  enable: n.enable,
  fixed: n.fixed,
  parent_id: n.parentId,
  description: n.description,
  created_at: n.createdAt.toISOString(),
});
export const toFriendlink = (f: FriendlinkRow): TFriendlink => ({
  id: f.id,
  title: f.title,
  link: f.link,
  description: f.description,
  sort: f.sort,
  enable: f.enable,
  created_at: f.createdAt.toISOString(),
});
export const toAdvertisement = (a: AdRow): TAdvertisement => ({
  id: a.id,
  position: a.position,
  title: a.title,
  content: a.content,
  enable: a.enable,
  start_time: iso(a.startTime),
  end_time: iso(a.endTime),
  remark: a.remark,
  created_at: a.createdAt.toISOString(),
});

export class ContentService {
  readonly categories: CrudRepo<typeof categories>;
  readonly navigations: CrudRepo<typeof navigations>;
  readonly friendlinks: CrudRepo<typeof friendlinks>;
  readonly ads: CrudRepo<typeof advertisements>;
  /** public lists are read on every page load: keep them a few seconds */
  /** shared with the other API processes by the module (index.ts) */
  readonly cache: TtlCache<unknown>;

  constructor(
    private readonly db: Db,
    private readonly settings: ConfigService,
    caches: Caches,
  ) {
    this.cache = caches.cache('content', { ttlMs: 3000, staleMs: 30_000 });
    this.categories = new CrudRepo(db, categories);
    this.navigations = new CrudRepo(db, navigations);
    this.friendlinks = new CrudRepo(db, friendlinks);
    this.ads = new CrudRepo(db, advertisements);
  }

  private changed() {
    return this.cache.clear();
  }

  // ---------------- categories ----------------
  /** Categories by id (unknown ids left out). */
  async categoriesByIds(ids: number[]): Promise<CategoryRow[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(categories)
      .where(inArray(categories.id, [...new Set(ids)]));
  }

  /** Sets categories' doc_count (recounted by the document module inside its transaction). */
  async setDocCounts(tx: Tx, counts: Map<number, number>) {
    for (const [id, n] of counts) await tx.update(categories).set({ docCount: n }).where(eq(categories.id, id));
    if (counts.size) await this.changed();
  }

  /** Every category of one type (0 documents, 1 articles), cached a few seconds: trees, filters, home blocks. */
  async categoriesOfType(type: 0 | 1): Promise<CategoryRow[]> {
    return this.cache.get(`type:${type}`, () =>
      this.db.select().from(categories).where(eq(categories.type, type)).orderBy(desc(categories.sort), asc(categories.id)),
    ) as Promise<CategoryRow[]>;
  }

  /** These categories of one type with every descendant (a parent category lists its children's items too). */
  async withDescendants(type: 0 | 1, ids: number[]): Promise<number[]> {
    if (!ids.length) return ids;
    const all = await this.categoriesOfType(type);
    const out = new Set(ids);
    for (let grew = true; grew;) {
      grew = false;
      for (const c of all)
        if (out.has(c.parentId) && !out.has(c.id)) {
          out.add(c.id);
          grew = true;
        }
    }
    return [...out];
  }

  async createCategory(body: Omit<typeof categories.$inferInsert, 'id'>): Promise<TCategory> {
    if (body.parentId) {
      const parent = await this.categories.findById(body.parentId);
      if (!parent) throw badRequest('上级分类不存在');
      if (parent.type !== body.type) throw badRequest('上级分类的类型不一致');
    }
    try {
      const row = await this.categories.insert(body);
      await this.changed();
      return toCategory(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('同一级下已存在同名分类');
      throw e;
    }
  }

  async updateCategory(id: number, patch: Partial<typeof categories.$inferInsert>): Promise<TCategory> {
    const current = await this.categories.findById(id);
    if (!current) throw notFound('分类不存在');
    if (patch.parentId !== undefined && patch.parentId !== 0) {
      if (patch.parentId === id) throw badRequest('不能把分类设为自己的下级');
      // walk up from the new parent: reaching `id` would make a cycle
      let cursor: number = patch.parentId;
      for (let depth = 0; cursor && depth < 64; depth++) {
        if (cursor === id) throw badRequest('不能把分类移动到它自己的下级分类中');
        const p = await this.categories.findById(cursor);
        if (!p) throw badRequest('上级分类不存在');
        cursor = p.parentId;
      }
    }
    try {
      const row = await this.categories.update(id, patch);
      if (!row) throw notFound('分类不存在');
      await this.changed();
      return toCategory(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('同一级下已存在同名分类');
      throw e;
    }
  }

  async deleteCategories(ids: number[]): Promise<void> {
    const [child] = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.parentId, ids), sql`${categories.id} <> ALL(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)})`))
      .limit(1);
    if (child) throw badRequest('请先删除或移走下级分类');
    const [used] = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, ids), gt(categories.docCount, 0)))
      .limit(1);
    if (used) throw badRequest('分类下还有文档，不能删除');
    await this.categories.delete(ids);
    await this.changed();
  }

  async getCategory(id: number, asAdmin: boolean): Promise<TCategory> {
    const c = await this.categories.findById(id);
    if (!c || (!asAdmin && !c.enable)) throw notFound('分类不存在');
    return toCategory(c);
  }

  async listCategories(
    q: { page: number; size: number; parent_id?: number[]; type?: number[]; enable?: boolean[]; wd?: string; field?: string[] },
    asAdmin: boolean,
  ) {
    const run = async () => {
      const where: SQL[] = [];
      if (q.parent_id?.length) where.push(inArray(categories.parentId, q.parent_id));
      if (q.type?.length) where.push(inArray(categories.type, q.type));
      if (!asAdmin) where.push(eq(categories.enable, true));
      else if (q.enable?.length) where.push(inArray(categories.enable, q.enable));
      const { rows, total } = await this.categories.list({ where, page: q.page, size: q.size, wd: q.wd, wdColumn: categories.title });
      let list = rows.map(toCategory);
      if (!asAdmin) {
        // a child of a disabled parent is hidden too; optionally document categories without documents
        const display = await this.settings.get('display');
        const hideEmpty = display.hide_category_without_document;
        const allRows = q.parent_id?.length ? (await this.categories.list({})).rows : rows;
        const enabled = new Map(allRows.map((r) => [r.id, r]));
        const visible = (c: { parentId: number; enable: boolean }): boolean => {
          let cur: { parentId: number; enable: boolean } | undefined = c;
          for (let i = 0; cur && i < 64; i++) {
            if (!cur.enable) return false;
            if (!cur.parentId) return true;
            cur = enabled.get(cur.parentId);
          }
          return !!cur;
        };
        list = list.filter((c) => visible({ parentId: c.parent_id, enable: c.enable }) && !(hideEmpty && c.type === 0 && c.doc_count === 0));
        return freeze({ total: list.length === rows.length ? total : list.length, category: pickFields(list, q.field) });
      }
      return { total, category: pickFields(list, q.field) };
    };
    if (asAdmin) return run();
    return this.cache.get(`cat:${JSON.stringify(q)}`, run) as ReturnType<typeof run>;
  }

  // ---------------- navigation ----------------
  async createNavigation(body: typeof navigations.$inferInsert): Promise<TNavigation> {
    if (body.parentId) await this.assertNavigationParent(body.parentId, 0);
    const row = await this.navigations.insert(body);
    await this.changed();
    return toNavigation(row);
  }

  private async assertNavigationParent(parentId: number, selfId: number) {
    if (parentId === selfId) throw badRequest('不能把导航设为自己的下级');
    const p = await this.navigations.findById(parentId);
    if (!p) throw badRequest('上级导航不存在');
    if (p.parentId) throw badRequest('导航最多两级');
  }

  async updateNavigation(id: number, patch: Partial<typeof navigations.$inferInsert>): Promise<TNavigation> {
    if (!(await this.navigations.findById(id))) throw notFound('导航不存在');
    if (patch.parentId) await this.assertNavigationParent(patch.parentId, id);
    const row = await this.navigations.update(id, patch);
    if (!row) throw notFound('导航不存在');
    await this.changed();
    return toNavigation(row);
  }

  async deleteNavigations(ids: number[]) {
    // children go with their parent
    await this.db.delete(navigations).where(or(inArray(navigations.id, ids), inArray(navigations.parentId, ids)));
    await this.changed();
  }

  async getNavigation(id: number) {
    const n = await this.navigations.findById(id);
    if (!n) throw notFound('导航不存在');
    return toNavigation(n);
  }

  async listNavigations(q: { page: number; size: number; wd?: string; enable?: boolean[]; field?: string[] }, asAdmin: boolean) {
    const run = async () => {
      const where: SQL[] = [];
      if (!asAdmin) where.push(eq(navigations.enable, true));
      else if (q.enable?.length) where.push(inArray(navigations.enable, q.enable));
      const { rows, total } = await this.navigations.list({ where, page: q.page, size: q.size, wd: q.wd, wdColumn: navigations.title });
      let list = rows.map(toNavigation);
      if (!asAdmin) {
        // children under a disabled parent are disabled too
        const enabledIds = new Set(list.map((n) => n.id));
        list = list.filter((n) => !n.parent_id || enabledIds.has(n.parent_id));
      }
      return freeze({ total: asAdmin ? total : list.length, navigation: pickFields(list, q.field) });
    };
    if (asAdmin) return run();
    return this.cache.get(`nav:${JSON.stringify(q)}`, run) as ReturnType<typeof run>;
  }

  // ---------------- friend links ----------------
  async createFriendlink(body: typeof friendlinks.$inferInsert) {
    const row = await this.friendlinks.insert(body);
    await this.changed();
    return toFriendlink(row);
  }

  async updateFriendlink(id: number, patch: Partial<typeof friendlinks.$inferInsert>) {
    const row = await this.friendlinks.update(id, patch);
    if (!row) throw notFound('友链不存在');
    await this.changed();
    return toFriendlink(row);
  }

  async deleteFriendlinks(ids: number[]) {
    await this.friendlinks.delete(ids);
    await this.changed();
  }

  async getFriendlink(id: number) {
    const f = await this.friendlinks.findById(id);
    if (!f) throw notFound('友链不存在');
    return toFriendlink(f);
  }

  async listFriendlinks(q: { page: number; size: number; wd?: string; enable?: boolean; field?: string[] }, asAdmin: boolean) {
    const run = async () => {
      const where: SQL[] = [];
      const enable = asAdmin ? q.enable : true;
      if (enable !== undefined) where.push(eq(friendlinks.enable, enable));
      const { rows, total } = await this.friendlinks.list({ where, page: q.page, size: q.size, wd: q.wd, wdColumn: friendlinks.title });
      return freeze({ total, friendlink: pickFields(rows.map(toFriendlink), q.field) });
    };
    if (asAdmin) return run();
    return this.cache.get(`fl:${JSON.stringify(q)}`, run) as ReturnType<typeof run>;
  }

  // ---------------- advertisements ----------------
  private checkTimes(start?: Date | null, end?: Date | null) {
    if (start && end && end.getTime() <= start.getTime()) throw badRequest('结束时间必须晚于开始时间');
  }

  async createAdvertisement(body: typeof advertisements.$inferInsert) {
    this.checkTimes(body.startTime, body.endTime);
    const row = await this.ads.insert(body);
    await this.changed();
    return toAdvertisement(row);
  }

  async updateAdvertisement(id: number, patch: Partial<typeof advertisements.$inferInsert>) {
    const cur = await this.ads.findById(id);
    if (!cur) throw notFound('广告不存在');
    this.checkTimes(patch.startTime !== undefined ? patch.startTime : cur.startTime, patch.endTime !== undefined ? patch.endTime : cur.endTime);
    const row = await this.ads.update(id, patch);
    if (!row) throw notFound('广告不存在');
    await this.changed();
    return toAdvertisement(row);
  }

  async deleteAdvertisements(ids: number[]) {
    await this.ads.delete(ids);
    await this.changed();
  }

  async getAdvertisement(id: number) {
    const a = await this.ads.findById(id);
    if (!a) throw notFound('广告不存在');
    return toAdvertisement(a);
  }

  async listAdvertisements(q: { page: number; size: number; wd?: string; position?: string[]; enable?: boolean[] }) {
    const where: SQL[] = [];
    if (q.position?.length) where.push(inArray(advertisements.position, q.position));
    if (q.enable?.length) where.push(inArray(advertisements.enable, q.enable));
    const { rows, total } = await this.ads.list({ where, page: q.page, size: q.size, wd: q.wd, wdColumn: advertisements.title });
    return { total, advertisement: rows.map(toAdvertisement) };
  }

  /** Live ads (enabled, inside their time window) for positions; VIP users get none. */
  async adsForPositions(positions: string[], group: string | undefined, isVip: boolean) {
    const wanted = [...new Set([...(positions ?? []), ...(group ? positionsOfGroup(group) : [])])].sort();
    if (isVip || !wanted.length) return { advertisement: [] as TAdvertisement[] };
    return this.cache.get(`ads:${wanted.join(',')}`, async () => {
      const now = new Date();
      const rows = await this.db
        .select()
        .from(advertisements)
        .where(
          and(
            inArray(advertisements.position, wanted),
            eq(advertisements.enable, true),
            or(isNull(advertisements.startTime), lte(advertisements.startTime, now)),
            or(isNull(advertisements.endTime), gt(advertisements.endTime, now)),
          ),
        )
        .orderBy(advertisements.id);
      return freeze({ advertisement: rows.map(toAdvertisement) });
    }) as Promise<{ advertisement: TAdvertisement[] }>;
  }
}
