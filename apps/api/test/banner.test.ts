import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISEMENT_POSITIONS, api, BannerKind, type RouteBody } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw, type As } from './call';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ids = (rows: { id: number }[]) => rows.map((x) => x.id);

type BannerBody = RouteBody<typeof api.createBanner>;
/** The create route, with a valid banner unless told otherwise. */
const bannerBody = (body: Partial<BannerBody>): BannerBody => ({ title: '横幅', path: '/uploads/images/ab/x.png', ...body });
const createBanner = (body: Partial<BannerBody>) => call(t, api.createBanner, { body: bannerBody(body), as: 'admin' });
const createBannerError = (body: Partial<BannerBody>, as: As = 'admin') => callError(t, api.createBanner, { body: bannerBody(body), as });

describe('banners', () => {
  it('admins manage banners; the public sees enabled ones of a kind, by sort', async () => {
    const a = await createBanner({ title: '网站横幅一', sort: 1, url: 'https://example.com/a' });
    const b = await createBanner({ title: '网站横幅二', sort: 5 });
    const hidden = await createBanner({ title: '停用横幅', enable: false });
    const app = await createBanner({ title: 'APP横幅', type: BannerKind.App });
    expect(a.type).toBe(BannerKind.Website);
    const websiteBanners = async () => call(t, api.listBanners, { query: { type: [BannerKind.Website] } });
    expect(ids((await websiteBanners()).banner)).toEqual([b.id, a.id]);
    const all = await call(t, api.listBanners, { as: 'admin' });
    expect(ids(all.banner)).toEqual(expect.arrayContaining([hidden.id, app.id]));
    expect((await callError(t, api.getBanner, { query: { id: hidden.id } })).status).toBe(404);
    expect((await call(t, api.getBanner, { query: { id: hidden.id }, as: 'admin' })).id).toBe(hidden.id);
    const upd = await call(t, api.updateBanner, { body: { id: hidden.id, enable: true }, as: 'admin' });
    expect(upd.title).toBe('停用横幅');
    expect((await websiteBanners()).total).toBe(3);
    // a field selection answers only those fields (and the id), as they are on the wire
    const fields = await callRaw(t, api.listBanners, { query: { type: [BannerKind.App], field: ['title'] } });
    expect((fields.json() as { banner: unknown[] }).banner).toEqual([{ id: app.id, title: 'APP横幅' }]);
    await call(t, api.deleteBanner, { query: { id: [a.id, b.id] }, as: 'admin' });
    expect(ids((await websiteBanners()).banner)).toEqual([hidden.id]);
  });

  it('refuses script URLs, empty images and non-admins', async () => {
    const bad = await createBannerError({ title: 'x', path: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('图片地址');
    expect((await createBannerError({ title: 'x', path: '/a.png', url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await createBannerError({ title: 'x', path: '' })).message).toBe('请上传横幅图片');
    const u = await t.register();
    expect((await createBannerError({ title: 'x', path: '/a.png' }, u)).status).toBe(403);
    expect((await createBannerError({ title: 'x', path: '/a.png' }, 'anonymous')).status).toBe(401);
  });
});

describe('site content rules', () => {
  it('advertisements of all 17 positions are served to visitors and never to VIP users', async () => {
    expect(ADVERTISEMENT_POSITIONS).toHaveLength(17);
    for (const position of ADVERTISEMENT_POSITIONS) {
      await call(t, api.createAdvertisement, { body: { position, title: `广告 ${position}`, content: `<div>${position}</div>` }, as: 'admin' });
    }
    const byPosition = (as?: As) => call(t, api.getAdvertisementsByPosition, { query: { position: [...ADVERTISEMENT_POSITIONS] }, as });
    const anon = await byPosition();
    expect(new Set(anon.advertisement.map((a) => a.position))).toEqual(new Set(ADVERTISEMENT_POSITIONS));
    const user = await t.register();
    expect((await byPosition(user)).advertisement).toHaveLength(17);
    await call(t, api.grantVip, { body: { user_id: user.id, days: 30 }, as: 'admin' });
    expect((await byPosition(user)).advertisement).toEqual([]);
    expect((await call(t, api.getAdvertisementsByPosition, { query: { group: 'global' }, as: user })).advertisement).toEqual([]);
  });

  it('navigation: children of a disabled parent are hidden; friend links: enabled only', async () => {
    const parent = await call(t, api.createNavigation, {
      body: { title: '外部资源', href: 'https://example.com', target: '_blank', color: '#ff0000' },
      as: 'admin',
    });
    const child = await call(t, api.createNavigation, { body: { title: '子菜单', href: '/article', parent_id: parent.id }, as: 'admin' });
    const navigation = async () => (await call(t, api.listNavigations, { query: { page: 1, size: 10000 } })).navigation;
    let nav = await navigation();
    expect(nav.find((n) => n.id === parent.id)).toMatchObject({ target: '_blank', color: '#ff0000' });
    expect(nav.some((n) => n.id === child.id)).toBe(true);
    await call(t, api.updateNavigation, { body: { id: parent.id, enable: false }, as: 'admin' });
    nav = await navigation();
    expect(nav.some((n) => n.id === child.id || n.id === parent.id)).toBe(false);
    const fl = await call(t, api.createFriendlink, { body: { title: '停用友链', link: 'https://x.example', enable: false }, as: 'admin' });
    // a field selection answers only those fields, as they are on the wire
    const res = await callRaw(t, api.listFriendlinks, { query: { enable: true, field: ['id', 'title', 'link'] } });
    const links = (res.json() as { friendlink: { id: number }[] }).friendlink;
    expect(links.some((l) => l.id === fl.id)).toBe(false);
    expect(Object.keys(links[0] ?? {}).sort()).toEqual(['id', 'link', 'title']);
  });
});
