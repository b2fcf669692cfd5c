import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISEMENT_POSITIONS, BannerKind, ZBanner } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

describe('banners', () => {
  it('admins manage banners; the public sees enabled ones of a kind, by sort', async () => {
    const mk = (body: Record<string, unknown>) =>
      t.req({ method: 'POST', url: '/api/v1/banner', token: admin, payload: { title: '横幅', path: '/uploads/images/ab/x.png', ...body } });
    const a = ZBanner.parse((await mk({ title: '网站横幅一', sort: 1, url: 'https://example.com/a' })).json());
    const b = ZBanner.parse((await mk({ title: '网站横幅二', sort: 5 })).json());
    const hidden = ZBanner.parse((await mk({ title: '停用横幅', enable: false })).json());
    const app = ZBanner.parse((await mk({ title: 'APP横幅', type: BannerKind.App })).json());
    expect(a.type).toBe(BannerKind.Website);
    const pub = (await t.req({ method: 'GET', url: '/api/v1/banner/list?type=0' })).json();
    expect(pub.banner.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    const all = (await t.req({ method: 'GET', url: '/api/v1/banner/list', token: admin })).json();
    expect(all.banner.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([hidden.id, app.id]));
    expect((await t.req({ method: 'GET', url: `/api/v1/banner?id=${hidden.id}` })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: `/api/v1/banner?id=${hidden.id}`, token: admin })).statusCode).toBe(200);
    const upd = await t.req({ method: 'PUT', url: '/api/v1/banner', token: admin, payload: { id: hidden.id, enable: true } });
    expect(upd.json().title).toBe('停用横幅');
    expect((await t.req({ method: 'GET', url: '/api/v1/banner/list?type=0' })).json().total).toBe(3);
    const fields = (await t.req({ method: 'GET', url: '/api/v1/banner/list?type=2&field=title' })).json();
    expect(fields.banner).toEqual([{ id: app.id, title: 'APP横幅' }]);
    await t.req({ method: 'DELETE', url: `/api/v1/banner?id=${a.id}&id=${b.id}`, token: admin });
    expect((await t.req({ method: 'GET', url: '/api/v1/banner/list?type=0' })).json().banner.map((x: { id: number }) => x.id)).toEqual([hidden.id]);
  });

  it('refuses script URLs, empty images and non-admins', async () => {
    const bad = await t.req({ method: 'POST', url: '/api/v1/banner', token: admin, payload: { title: 'x', path: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('图片地址');
    expect(
      (await t.req({ method: 'POST', url: '/api/v1/banner', token: admin, payload: { title: 'x', path: '/a.png', url: 'javascript:alert(1)' } })).statusCode,
    ).toBe(400);
    expect((await t.req({ method: 'POST', url: '/api/v1/banner', token: admin, payload: { title: 'x', path: '' } })).json().message).toBe('请上传横幅图片');
    const u = await t.register();
    expect((await t.req({ method: 'POST', url: '/api/v1/banner', token: u.token, payload: { title: 'x', path: '/a.png' } })).statusCode).toBe(403);
    expect((await t.req({ method: 'POST', url: '/api/v1/banner', payload: { title: 'x', path: '/a.png' } })).statusCode).toBe(401);
  });
});

describe('site content rules', () => {
  it('advertisements of all 17 positions are served to visitors and never to VIP users', async () => {
    expect(ADVERTISEMENT_POSITIONS).toHaveLength(17);
    for (const position of ADVERTISEMENT_POSITIONS) {
      const r = await t.req({
        method: 'POST',
        url: '/api/v1/advertisement',
        token: admin,
        payload: { position, title: `广告 ${position}`, content: `<div>${position}</div>` },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const q = ADVERTISEMENT_POSITIONS.map((p) => `position=${p}`).join('&');
    const anon = (await t.req({ method: 'GET', url: `/api/v1/advertisement/position?${q}` })).json();
    expect(new Set(anon.advertisement.map((a: { position: string }) => a.position))).toEqual(new Set(ADVERTISEMENT_POSITIONS));
    const user = await t.register();
    expect((await t.req({ method: 'GET', url: `/api/v1/advertisement/position?${q}`, token: user.token })).json().advertisement).toHaveLength(17);
    const grant = await t.req({ method: 'PUT', url: '/api/v1/vip/grant', token: admin, payload: { user_id: user.id, days: 30 } });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await t.req({ method: 'GET', url: `/api/v1/advertisement/position?${q}`, token: user.token })).json().advertisement).toEqual([]);
    expect((await t.req({ method: 'GET', url: '/api/v1/advertisement/position?group=global', token: user.token })).json().advertisement).toEqual([]);
  });

  it('navigation: children of a disabled parent are hidden; friend links: enabled only', async () => {
    const parent = (
      await t.req({
        method: 'POST',
        url: '/api/v1/navigation',
        token: admin,
        payload: { title: '外部资源', href: 'https://example.com', target: '_blank', color: '#ff0000' },
      })
    ).json();
    const child = (
      await t.req({ method: 'POST', url: '/api/v1/navigation', token: admin, payload: { title: '子菜单', href: '/article', parent_id: parent.id } })
    ).json();
    let nav = (await t.req({ method: 'GET', url: '/api/v1/navigation/list?page=1&size=10000' })).json().navigation;
    expect(nav.find((n: { id: number }) => n.id === parent.id)).toMatchObject({ target: '_blank', color: '#ff0000' });
    expect(nav.some((n: { id: number }) => n.id === child.id)).toBe(true);
    await t.req({ method: 'PUT', url: '/api/v1/navigation', token: admin, payload: { id: parent.id, enable: false } });
    nav = (await t.req({ method: 'GET', url: '/api/v1/navigation/list?page=1&size=10000' })).json().navigation;
    expect(nav.some((n: { id: number }) => n.id === child.id || n.id === parent.id)).toBe(false);
    const fl = (
      await t.req({ method: 'POST', url: '/api/v1/friendlink', token: admin, payload: { title: '停用友链', link: 'https://x.example', enable: false } })
    ).json();
    const links = (await t.req({ method: 'GET', url: '/api/v1/friendlink/list?enable=true&field=id&field=title&field=link' })).json().friendlink;
    expect(links.some((l: { id: number }) => l.id === fl.id)).toBe(false);
    expect(Object.keys(links[0]).sort()).toEqual(['id', 'link', 'title']);
  });
});
