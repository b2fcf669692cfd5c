import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RouteBody } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ids = (rows: { id: number }[]) => rows.map((x) => x.id);
const createCategory = (body: RouteBody<typeof api.createCategory>) => call(t, api.createCategory, { body, as: 'admin' });
const createCategoryError = (body: RouteBody<typeof api.createCategory>) => callError(t, api.createCategory, { body, as: 'admin' });
const updateCategory = (body: RouteBody<typeof api.updateCategory>) => call(t, api.updateCategory, { body, as: 'admin' });
const createNavigation = (body: RouteBody<typeof api.createNavigation>) => call(t, api.createNavigation, { body, as: 'admin' });
const updateNavigation = (body: RouteBody<typeof api.updateNavigation>) => call(t, api.updateNavigation, { body, as: 'admin' });
const createAdvertisement = (body: RouteBody<typeof api.createAdvertisement>) => call(t, api.createAdvertisement, { body, as: 'admin' });
const setConfig = (category: string, name: string, value: boolean) => call(t, api.updateConfig, { body: { config: [{ category, name, value }] }, as: 'admin' });
/** public document (0) or article (1) categories */
const categories = async (type: number) => (await call(t, api.listCategories, { query: { type: [type] } })).category;

describe('categories', () => {
  it('creates, lists by type, hides disabled (and their children) from the public', async () => {
    const parent = await createCategory({ title: '测试父类', type: 0 });
    const child = await createCategory({ title: '测试子类', parent_id: parent.id, type: 0 });
    const art = await createCategory({ title: '文章测试类', type: 1 });
    const docs = await categories(0);
    expect(ids(docs)).toEqual(expect.arrayContaining([parent.id, child.id]));
    expect(ids(docs)).not.toContain(art.id);
    // a field selection answers only those fields, as they are on the wire
    const both = await callRaw(t, api.listCategories, { query: { type: [0, 1], field: ['id', 'title'] } });
    expect((both.json() as { category: { id: number }[] }).category.find((c) => c.id === art.id)).toEqual({ id: art.id, title: '文章测试类' });

    await updateCategory({ id: parent.id, enable: false });
    const after = ids(await categories(0));
    expect(after).not.toContain(parent.id);
    expect(after).not.toContain(child.id);
    expect((await callError(t, api.getCategory, { query: { id: parent.id } })).status).toBe(404);
    // the admin still sees both
    const adm = await call(t, api.listCategories, { query: { type: [0] }, as: 'admin' });
    expect(ids(adm.category)).toEqual(expect.arrayContaining([parent.id, child.id]));
  });

  it('a partial update changes only the fields it names', async () => {
    const parent = await createCategory({ title: '部分更新父类' });
    const child = await createCategory({ title: '部分更新', parent_id: parent.id, description: '保留我', sort: 7, show_description: true });
    const updated = await updateCategory({ id: child.id, enable: false });
    expect(updated).toMatchObject({ parent_id: parent.id, description: '保留我', sort: 7, show_description: true, enable: false });
    const nav = await createNavigation({ title: '颜色', href: '/c', color: '#123456', sort: 3 });
    expect(await updateNavigation({ id: nav.id, title: '新名' })).toMatchObject({ color: '#123456', sort: 3, title: '新名' });
  });

  it('refuses duplicates, cycles, missing parents and deleting a parent with children', async () => {
    const a = await createCategory({ title: '循环A' });
    const b = await createCategory({ title: '循环B', parent_id: a.id });
    expect((await createCategoryError({ title: '循环A' })).status).toBe(409);
    const cycle = await callError(t, api.updateCategory, { body: { id: a.id, parent_id: b.id }, as: 'admin' });
    expect(cycle.status).toBe(400);
    expect((await createCategoryError({ title: '孤儿', parent_id: 999999 })).status).toBe(400);
    const del = await callError(t, api.deleteCategory, { query: { id: [a.id] }, as: 'admin' });
    expect(del.status).toBe(400);
    await call(t, api.deleteCategory, { query: { id: [a.id, b.id] }, as: 'admin' });
    expect((await createCategoryError({ title: '' })).message).toBe('请输入分类名称');
  });

  it('hide_category_without_document hides empty document categories from the public', async () => {
    await setConfig('display', 'hide_category_without_document', true);
    expect(await categories(0)).toEqual([]);
    expect((await categories(1)).length).toBeGreaterThan(0);
    await setConfig('display', 'hide_category_without_document', false);
  });
});

describe('navigation', () => {
  it('is seeded with the three fixed entries and hides children of disabled parents', async () => {
    const navigation = async () => (await call(t, api.listNavigations, { query: { page: 1, size: 10000 } })).navigation;
    const seeded = await navigation();
    expect(seeded.filter((n) => n.fixed).map((n) => n.href)).toEqual(['/', '/category', '/article']);
    const parent = await createNavigation({ title: '外部资源', href: 'https://example.com', target: '_blank', color: '#ff0000' });
    const child = await createNavigation({ title: '子链接', href: '/about', parent_id: parent.id });
    expect((await callError(t, api.createNavigation, { body: { title: '三级', href: '/x', parent_id: child.id }, as: 'admin' })).status).toBe(400);
    await updateNavigation({ id: parent.id, enable: false });
    const visible = ids(await navigation());
    expect(visible).not.toContain(parent.id);
    expect(visible).not.toContain(child.id);
    await call(t, api.deleteNavigation, { query: { id: [parent.id] }, as: 'admin' });
    const adm = await call(t, api.listNavigations, { as: 'admin' });
    expect(ids(adm.navigation)).not.toContain(child.id);
  });
});

describe('friend links', () => {
  it('public list shows enabled links only, with selected fields', async () => {
    const bad = await callError(t, api.createFriendlink, { body: { title: '坏链接', link: 'javascript:alert(1)' }, as: 'admin' });
    expect(bad.status).toBe(400);
    const off = await call(t, api.createFriendlink, { body: { title: '停用的', link: 'https://off.example.com', enable: false }, as: 'admin' });
    // a field selection answers only those fields, as they are on the wire
    const res = await callRaw(t, api.listFriendlinks, { query: { enable: true, field: ['id', 'title', 'link'] } });
    const links = (res.json() as { friendlink: { id: number }[] }).friendlink;
    expect(links.length).toBeGreaterThan(0);
    expect(Object.keys(links[0] ?? {}).sort()).toEqual(['id', 'link', 'title']);
    expect(ids(links)).not.toContain(off.id);
  });
});

describe('advertisements', () => {
  it('serves live ads by position or group, never to VIP users', async () => {
    const now = Date.now();
    const live = await createAdvertisement({ position: 'global_top', title: '顶部广告', content: '<b>广告</b>' });
    await createAdvertisement({ position: 'global_bottom', title: '已过期', content: 'old', end_time: new Date(now - 3600_000).toISOString() });
    await createAdvertisement({ position: 'global_bottom', title: '未开始', content: 'later', start_time: new Date(now + 3600_000).toISOString() });
    await createAdvertisement({ position: 'search_top', title: '搜索广告', content: 's' });
    const refused = (body: RouteBody<typeof api.createAdvertisement>) => callError(t, api.createAdvertisement, { body, as: 'admin' });
    expect((await refused({ position: 'nowhere', title: 'x' })).status).toBe(400);
    const backwards = await refused({
      position: 'global_top',
      title: 'x',
      start_time: new Date(now).toISOString(),
      end_time: new Date(now - 1000).toISOString(),
    });
    expect(backwards.message).toBe('结束时间必须晚于开始时间');

    const group = await call(t, api.getAdvertisementsByPosition, { query: { group: 'global' } });
    expect(group.advertisement.map((a) => a.title)).toEqual(['顶部广告']);
    const byPos = await call(t, api.getAdvertisementsByPosition, { query: { position: ['search_top', 'global_top'] } });
    expect(ids(byPos.advertisement)).toContain(live.id);

    const vip = await t.register();
    await t.database.pool.query(`UPDATE users SET vip_expire_at = now() + interval '30 days' WHERE id = $1`, [vip.id]);
    const none = await call(t, api.getAdvertisementsByPosition, { query: { group: 'global' }, as: vip });
    expect(none.advertisement).toEqual([]);
    const list = await call(t, api.listAdvertisements, { query: { position: ['global_bottom'] }, as: 'admin' });
    expect(list.total).toBe(2);
  });
});
