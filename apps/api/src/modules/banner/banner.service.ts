import { eq, inArray, type SQL } from 'drizzle-orm';
import type { TBanner } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';
import { pickFields } from '../../lib/fields';
import { freeze, type Caches, type TtlCache } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import { CrudRepo } from '../../db/crud-repo';

type BannerRow = typeof banners.$inferSelect;

export const toBanner = (b: BannerRow): TBanner => ({
  id: b.id,
  title: b.title,
  path: b.path,
  url: b.url,
  sort: b.sort,
  enable: b.enable,
  type: b.type,
  description: b.description,
  created_at: b.createdAt.toISOString(),
});

/** Banners (website 0, mini program 1, app 2): the public sees enabled ones only. */
export class BannerService {
  private readonly repo: CrudRepo<typeof banners>;
  /** the home page reads them on every visit */
  /** shared with the other API processes by the module (index.ts) */
  readonly cache: TtlCache<unknown>;

  constructor(db: Db, caches: Caches) {
    this.cache = caches.cache('banners', { ttlMs: 3000, staleMs: 30_000 });
    this.repo = new CrudRepo(db, banners);
  }

  async create(body: typeof banners.$inferInsert) {
    const row = await this.repo.insert(body);
    await this.cache.clear();
    return toBanner(row);
  }

  async update(id: number, patch: Partial<typeof banners.$inferInsert>) {
    const row = await this.repo.update(id, patch);
    if (!row) throw notFound('横幅不存在');
    await this.cache.clear();
    return toBanner(row);
  }

  async remove(ids: number[]) {
    await this.repo.delete(ids);
    await this.cache.clear();
  }

  async get(id: number, asAdmin: boolean) {
    const b = await this.repo.findById(id);
    if (!b || (!asAdmin && !b.enable)) throw notFound('横幅不存在');
    return toBanner(b);
  }

  async list(q: { page: number; size: number; wd?: string; type?: number[]; enable?: boolean[]; field?: string[] }, asAdmin: boolean) {
    const run = async () => {
      const where: SQL[] = [];
      if (q.type?.length) where.push(inArray(banners.type, q.type));
      if (!asAdmin) where.push(eq(banners.enable, true));
      else if (q.enable?.length) where.push(inArray(banners.enable, q.enable));
      const { rows, total } = await this.repo.list({ where, page: q.page, size: q.size, wd: q.wd, wdColumn: banners.title });
      return { total, banner: pickFields(rows.map(toBanner), q.field) };
    };
    if (asAdmin) return run();
    return this.cache.get(`b:${JSON.stringify(q)}`, async () => freeze(await run())) as ReturnType<typeof run>;
  }
}
