import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSettings, ZRechargeSettings, ZConfigItem, CONFIG_SECTIONS, SECRET_MASK } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

describe('settings', () => {
  it('GET /settings returns the public subset with typed defaults and the language list', async () => {
    const res = await t.req({ method: 'GET', url: '/api/v1/settings' });
    expect(res.statusCode).toBe(200);
    const s = ZSettings.parse(res.json());
    expect(s.system.sitename).toBe('文库');
    expect(s.system.credit_name).toBe('积分');
    expect(s.security.login_required).toBe(false);
    expect(s.display.pages_per_read).toBe(5);
    expect(s.language.map((l) => l.code)).toContain('zh-cn');
    // nothing private leaks: no secrets, no SMTP, no download key
    const text = res.body;
    expect(text).not.toContain('secret_key');
    expect(text).not.toContain('smtp');
    expect(Object.keys(s.download)).not.toContain('secret_key');
    expect(Object.keys(s.security)).not.toContain('comment_interval');
  });

  it('GET /settings/recharge parses the pay section', async () => {
    const r = ZRechargeSettings.parse((await t.req({ method: 'GET', url: '/api/v1/settings/recharge' })).json());
    expect(r).toMatchObject({ enable: false, credit_name: '积分', credit_exchange: 10 });
    expect(r.recharge_discount).toContain('100:0.9');
  });

  it('the admin lists every section with metadata, secrets masked', async () => {
    const res = await t.req({ method: 'GET', url: '/api/v1/config/list', token: admin });
    const items = res.json().config.map((c: unknown) => ZConfigItem.parse(c));
    const categories = new Set(items.map((i: { category: string }) => i.category));
    for (const c of Object.keys(CONFIG_SECTIONS)) expect(categories.has(c)).toBe(true);
    const one = await t.req({ method: 'GET', url: '/api/v1/config/list?category=system&category=footer', token: admin });
    expect(new Set(one.json().config.map((i: { category: string }) => i.category))).toEqual(new Set(['system', 'footer']));
  });

  it('saving a section changes GET /settings at once', async () => {
    const res = await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: {
        config: [
          { category: 'system', name: 'sitename', value: '测试文库' },
          { category: 'display', name: 'pages_per_read', value: 8 },
          { category: 'security', name: 'document_allowed_ext', value: ['pdf', 'docx'] },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const s = (await t.req({ method: 'GET', url: '/api/v1/settings' })).json();
    expect(s.system.sitename).toBe('测试文库');
    expect(s.display.pages_per_read).toBe(8);
    expect(s.security.document_allowed_ext).toEqual(['.pdf', '.docx']); // moredoc's form: the real list, with dots
  });

  it('a secret is shown as ****** and kept when ****** is sent back', async () => {
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'email', name: 'password', value: 'smtp-pass-1' }] } });
    const listed = (await t.req({ method: 'GET', url: '/api/v1/config/list?category=email', token: admin })).json().config;
    const pw = listed.find((i: { name: string }) => i.name === 'password');
    expect(pw.value).toBe(SECRET_MASK);
    expect(JSON.stringify(listed)).not.toContain('smtp-pass-1');
    await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: {
        config: [
          { category: 'email', name: 'password', value: SECRET_MASK },
          { category: 'email', name: 'host', value: 'smtp.example.com' },
        ],
      },
    });
    const stored = await t.database.pool.query(`SELECT value FROM configs WHERE category = 'email' AND name = 'password'`);
    expect(stored.rows[0].value).toBe('smtp-pass-1');
  });

  it('bad config input is refused with a clear message and nothing is written', async () => {
    const unknown = await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: {
        config: [
          { category: 'system', name: 'sitename', value: '不应保存' },
          { category: 'system', name: 'nope', value: 'x' },
        ],
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('未知的配置项');
    const notNumber = await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ category: 'display', name: 'pages_per_read', value: 'abc' }] },
    });
    expect(notNumber.statusCode).toBe(400);
    const badOption = await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ category: 'security', name: 'document_allowed_ext', value: ['exe'] }] },
    });
    expect(badOption.statusCode).toBe(400);
    const s = (await t.req({ method: 'GET', url: '/api/v1/settings' })).json();
    expect(s.system.sitename).toBe('测试文库');
    const empty = await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [] } });
    expect(empty.statusCode).toBe(400);
  });

  it('numbers keep to their bounds (from the section schema) and the message names the field', async () => {
    const put = (category: string, name: string, value: unknown) =>
      t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category, name, value }] } });
    const negative = await put('security', 'max_document_size', -5);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('「文档大小上限(MB)」不能小于 1');
    const huge = await put('converter', 'workers', 99);
    expect(huge.json().message).toBe('「并行转换数」不能大于 8');
    const fraction = await put('download', 'times_every_day', 2.5);
    expect(fraction.json().message).toBe('「每人每天下载次数」必须是整数');
    const badSelect = await put('captcha', 'type', 'emoji');
    expect(badSelect.statusCode).toBe(400);
    expect(badSelect.json().message).toContain('「类型」');
    expect((await put('converter', 'workers', '4')).statusCode).toBe(200);
    expect((await t.app.services.settings.get('converter')).workers).toBe(4);
  });

  it('a stored value the schema refuses (a hand-edited row) reads as the default', async () => {
    await t.database.pool.query(`UPDATE configs SET value = '-3' WHERE category = 'display' AND name = 'pages_per_read'`);
    await t.database.pool.query(`UPDATE configs SET value = 'zzz' WHERE category = 'captcha' AND name = 'type'`);
    t.app.services.settings.clearCache();
    expect((await t.app.services.settings.get('display')).pages_per_read).toBe(5);
    expect((await t.app.services.settings.get('captcha')).type).toBe('digit');
    const s = ZSettings.parse((await t.req({ method: 'GET', url: '/api/v1/settings' })).json());
    expect(s.display.pages_per_read).toBe(5);
  });
});
