import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCategory, ZNavigation, ZAdvertisement } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, token = admin) => t.req({ method: 'POST', url, payload, token });
const put = (url: string, payload: object, token = admin) => t.req({ method: 'PUT', url, payload, token });

describe('categories', () => {
  it('creates, lists by type, hides disabled (and their children) from the public', async () => {
    const parent = ZCategory.parse((await post('/api/v1/category', { title: '测试父类', type: 0 })).json());
    const child = ZCategory.parse((await post('/api/v1/category', { title: '测试子类', parent_id: parent.id, type: 0 })).json());
    const art = ZCategory.parse((await post('/api/v1/category', { title: '文章测试类', type: 1 })).json());
    const docs = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json();
    expect(docs.category.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([parent.id, child.id]));
    expect(docs.category.map((c: { id: number }) => c.id)).not.toContain(art.id);
    const both = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0&type=1&field=id&field=title' })).json();
    expect(both.category.find((c: { id: number }) => c.id === art.id)).toEqual({ id: art.id, title: '文章测试类' });

    await put('/api/v1/category', { id: parent.id, enable: false });
    const after = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json();
    const ids = after.category.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(parent.id);
    expect(ids).not.toContain(child.id);
    expect((await t.req({ method: 'GET', url: `/api/v1/category?id=${parent.id}` })).statusCode).toBe(404);
    // the admin still sees both
    const adm = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0', token: admin })).json();
    expect(adm.category.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([parent.id, child.id]));
  });

  it('a partial update changes only the fields it names', async () => {
    const parent = ZCategory.parse((await post('/api/v1/category', { title: '部分更新父类' })).json());
    const child = ZCategory.parse(
      (await post('/api/v1/category', { title: '部分更新', parent_id: parent.id, description: '保留我', sort: 7, show_description: true })).json(),
    );
    const updated = ZCategory.parse((await put('/api/v1/category', { id: child.id, enable: false })).json());
    expect(updated).toMatchObject({ parent_id: parent.id, description: '保留我', sort: 7, show_description: true, enable: false });
    const nav = ZNavigation.parse((await post('/api/v1/navigation', { title: '颜色', href: '/c', color: '#123456', sort: 3 })).json());
    expect(ZNavigation.parse((await put('/api/v1/navigation', { id: nav.id, title: '新名' })).json())).toMatchObject({
      color: '#123456',
      sort: 3,
      title: '新名',
    });
  });

  it('refuses duplicates, cycles, missing parents and deleting a parent with children', async () => {
    const a = ZCategory.parse((await post('/api/v1/category', { title: '循环A' })).json());
    const b = ZCategory.parse((await post('/api/v1/category', { title: '循环B', parent_id: a.id })).json());
    expect((await post('/api/v1/category', { title: '循环A' })).statusCode).toBe(409);
    const cycle = await put('/api/v1/category', { id: a.id, parent_id: b.id });
    expect(cycle.statusCode).toBe(400);
    expect((await post('/api/v1/category', { title: '孤儿', parent_id: 999999 })).statusCode).toBe(400);
    const del = await t.req({ method: 'DELETE', url: `/api/v1/category?id=${a.id}`, token: admin });
    expect(del.statusCode).toBe(400);
    expect((await t.req({ method: 'DELETE', url: `/api/v1/category?id=${a.id}&id=${b.id}`, token: admin })).statusCode).toBe(200);
    expect((await post('/api/v1/category', { title: '' })).json().message).toBe('请输入分类名称');
  });

  it('hide_category_without_document hides empty document categories from the public', async () => {
    await put('/api/v1/config', { config: [{ category: 'display', name: 'hide_category_without_document', value: true }] });
    const list = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json();
    expect(list.category).toEqual([]);
    const articles = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=1' })).json();
    expect(articles.category.length).toBeGreaterThan(0);
    await put('/api/v1/config', { config: [{ category: 'display', name: 'hide_category_without_document', value: false }] });
  });
});

describe('navigation', () => {
  it('is seeded with the three fixed entries and hides children of disabled parents', async () => {
    const seeded = (await t.req({ method: 'GET', url: '/api/v1/navigation/list?page=1&size=10000' })).json();
    expect(seeded.navigation.filter((n: { fixed: boolean }) => n.fixed).map((n: { href: string }) => n.href)).toEqual(['/', '/category', '/article']);
    const parent = ZNavigation.parse(
      (await post('/api/v1/navigation', { title: '外部资源', href: 'https://example.com', target: '_blank', color: '#ff0000' })).json(),
    );
    const child = ZNavigation.parse((await post('/api/v1/navigation', { title: '子链接', href: '/about', parent_id: parent.id })).json());
    expect((await post('/api/v1/navigation', { title: '三级', href: '/x', parent_id: child.id })).statusCode).toBe(400);
    await put('/api/v1/navigation', { id: parent.id, enable: false });
    const list = (await t.req({ method: 'GET', url: '/api/v1/navigation/list?page=1&size=10000' })).json();
    const ids = list.navigation.map((n: { id: number }) => n.id);
    expect(ids).not.toContain(parent.id);
    expect(ids).not.toContain(child.id);
    await t.req({ method: 'DELETE', url: `/api/v1/navigation?id=${parent.id}`, token: admin });
    const adm = (await t.req({ method: 'GET', url: '/api/v1/navigation/list', token: admin })).json();
    expect(adm.navigation.map((n: { id: number }) => n.id)).not.toContain(child.id);
  });
});

describe('friend links', () => {
  it('public list shows enabled links only, with selected fields', async () => {
    const bad = await post('/api/v1/friendlink', { title: '坏链接', link: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    const off = (await post('/api/v1/friendlink', { title: '停用的', link: 'https://off.example.com', enable: false })).json();
    const res = (await t.req({ method: 'GET', url: '/api/v1/friendlink/list?enable=true&field=id&field=title&field=link' })).json();
    expect(res.friendlink.length).toBeGreaterThan(0);
    expect(Object.keys(res.friendlink[0]).sort()).toEqual(['id', 'link', 'title']);
    expect(res.friendlink.map((f: { id: number }) => f.id)).not.toContain(off.id);
  });
});

describe('advertisements', () => {
  it('serves live ads by position or group, never to VIP users', async () => {
    const now = Date.now();
    const live = ZAdvertisement.parse((await post('/api/v1/advertisement', { position: 'global_top', title: '顶部广告', content: '<b>广告</b>' })).json());
    await post('/api/v1/advertisement', { position: 'global_bottom', title: '已过期', content: 'old', end_time: new Date(now - 3600_000).toISOString() });
    await post('/api/v1/advertisement', { position: 'global_bottom', title: '未开始', content: 'later', start_time: new Date(now + 3600_000).toISOString() });
    await post('/api/v1/advertisement', { position: 'search_top', title: '搜索广告', content: 's' });
    expect((await post('/api/v1/advertisement', { position: 'nowhere', title: 'x' })).statusCode).toBe(400);
    expect(
      (
        await post('/api/v1/advertisement', {
          position: 'global_top',
          title: 'x',
          start_time: new Date(now).toISOString(),
          end_time: new Date(now - 1000).toISOString(),
        })
      ).json().message,
    ).toBe('结束时间必须晚于开始时间');

    const group = (await t.req({ method: 'GET', url: '/api/v1/advertisement/position?group=global' })).json();
    expect(group.advertisement.map((a: { title: string }) => a.title)).toEqual(['顶部广告']);
    const byPos = (await t.req({ method: 'GET', url: '/api/v1/advertisement/position?position=search_top&position=global_top' })).json();
    expect(byPos.advertisement.map((a: { id: number }) => a.id)).toContain(live.id);

    const vip = await t.register();
    await t.database.pool.query(`UPDATE users SET vip_expire_at = now() + interval '30 days' WHERE id = $1`, [vip.id]);
    const none = (await t.req({ method: 'GET', url: '/api/v1/advertisement/position?group=global', token: vip.token })).json();
    expect(none.advertisement).toEqual([]);
    const list = (await t.req({ method: 'GET', url: '/api/v1/advertisement/list?position=global_bottom', token: admin })).json();
    expect(list.total).toBe(2);
  });
});
