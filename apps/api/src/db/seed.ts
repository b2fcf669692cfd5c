import { sql } from 'drizzle-orm';
import { PERMISSION_ROUTES, permissionEntry } from '@wenku/contracts';
import type { Database } from './client';
import { categories, friendlinks, groupPermissions, groups, navigations, permissions } from './schema';

/**
 * Idempotent seed: safe on every start. Adds what is missing, never overwrites what an operator changed.
 */
export async function seedBase(database: Database): Promise<void> {
  const { db } = database;
  await db
    .insert(groups)
    .values([
      {
        id: 1,
        title: '超级管理员',
        color: '#f5222d',
        description: '拥有全部后台权限',
        isDisplay: true,
        sort: 100,
        enableUpload: true,
        enableComment: true,
        enableArticle: true,
      },
      {
        id: 2,
        title: '普通用户',
        color: '#1677ff',
        description: '注册用户的默认分组',
        isDefault: true,
        isDisplay: true,
        sort: 0,
        enableUpload: true,
        enableComment: true,
        enableArticle: true,
      },
    ])
    .onConflictDoNothing();
  // explicit ids above: move the sequence past them
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('groups', 'id'), GREATEST((SELECT max(id) FROM groups), 1))`);

  // permission entries come from the contracts' admin and dual-mode routes (GRPC entries for those moredoc has, HTTP
  // entries for Wenku's own: `permissionEntry`); titles follow the contract
  const rows = PERMISSION_ROUTES.map((r) => ({ ...permissionEntry(r), title: r.summary, module: r.module ?? '' }));
  if (rows.length) {
    await db
      .insert(permissions)
      .values(rows)
      .onConflictDoUpdate({
        target: [permissions.method, permissions.path],
        set: { title: sql`excluded.title`, module: sql`excluded.module` },
      });
    // the super-admin group holds every entry
    await db.execute(sql`INSERT INTO ${groupPermissions} (group_id, permission_id) SELECT 1, id FROM ${permissions} ON CONFLICT DO NOTHING`);
  }

  const [{ n: navCount }] = (await db.execute(sql`SELECT count(*)::int AS n FROM ${navigations}`)).rows as { n: number }[];
  if (navCount === 0) {
    await db.insert(navigations).values([
      { title: '首页', href: '/', sort: 100, fixed: true },
      { title: '文库资料', href: '/category', sort: 90, fixed: true },
      { title: '文章资讯', href: '/article', sort: 80, fixed: true },
    ]);
  }
  const [{ n: flCount }] = (await db.execute(sql`SELECT count(*)::int AS n FROM ${friendlinks}`)).rows as { n: number }[];
  if (flCount === 0) {
    await db.insert(friendlinks).values([
      { title: '开源中国', link: 'https://www.oschina.net', sort: 10 },
      { title: 'Gitee', link: 'https://gitee.com', sort: 9 },
      { title: 'GitHub', link: 'https://github.com', sort: 8 },
    ]);
  }
  const [{ n: catCount }] = (await db.execute(sql`SELECT count(*)::int AS n FROM ${categories}`)).rows as { n: number }[];
  if (catCount === 0) {
    const top = await db
      .insert(categories)
      .values([
        { title: '教育资料', sort: 100, description: '课件、教案、试题与学习资料' },
        { title: '专业资料', sort: 90, description: '工程、医学、法律与经管资料' },
        { title: '办公文档', sort: 80, description: '合同范本、总结报告与表格模板' },
        { title: '技术文档', sort: 70, description: '编程、运维与产品文档' },
        { title: '行业资讯', type: 1, sort: 100 },
        { title: '站点公告', type: 1, sort: 90 },
      ])
      .returning();
    const byTitle = new Map(top.map((c) => [c.title, c.id]));
    const parent = (title: string) => {
      const id = byTitle.get(title);
      if (id === undefined) throw new Error(`默认分类“${title}”没有写入`);
      return id;
    };
    await db.insert(categories).values([
      { title: '中小学', parentId: parent('教育资料'), sort: 3 },
      { title: '高等教育', parentId: parent('教育资料'), sort: 2 },
      { title: '考试认证', parentId: parent('教育资料'), sort: 1 },
      { title: '工程科技', parentId: parent('专业资料'), sort: 2 },
      { title: '经管营销', parentId: parent('专业资料'), sort: 1 },
      { title: '合同协议', parentId: parent('办公文档'), sort: 2 },
      { title: '总结汇报', parentId: parent('办公文档'), sort: 1 },
      { title: '编程开发', parentId: parent('技术文档'), sort: 2 },
      { title: '运维部署', parentId: parent('技术文档'), sort: 1 },
    ]);
  }
}
