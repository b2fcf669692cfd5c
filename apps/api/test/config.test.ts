import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CONFIG_SECTIONS, SECRET_MASK, type RouteBody } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type ConfigItem = RouteBody<typeof api.updateConfig>['config'][number];
const saveConfig = (...config: ConfigItem[]) => call(t, api.updateConfig, { body: { config }, as: 'admin' });
const saveConfigError = (...config: ConfigItem[]) => callError(t, api.updateConfig, { body: { config }, as: 'admin' });
const settings = () => call(t, api.getSettings);
const listConfig = async (category?: ConfigItem['category'][]) => (await call(t, api.listConfig, { query: { category }, as: 'admin' })).config;

describe('settings', () => {
  it('GET /settings returns the public subset with typed defaults and the language list', async () => {
    const res = await callRaw(t, api.getSettings);
    expect(res.statusCode).toBe(200);
    const s = await settings();
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
    const r = await call(t, api.getRechargeSettings);
    expect(r).toMatchObject({ enable: false, credit_name: '积分', credit_exchange: 10 });
    expect(r.recharge_discount).toContain('100:0.9');
  });

  it('the admin lists every section with metadata, secrets masked', async () => {
    const categories = new Set((await listConfig()).map((i) => i.category));
    for (const c of Object.keys(CONFIG_SECTIONS)) expect(categories.has(c)).toBe(true);
    const one = await listConfig(['system', 'footer']);
    expect(new Set(one.map((i) => i.category))).toEqual(new Set(['system', 'footer']));
  });

  it('saving a section changes GET /settings at once', async () => {
    await saveConfig(
      { category: 'system', name: 'sitename', value: '测试文库' },
      { category: 'display', name: 'pages_per_read', value: 8 },
      { category: 'security', name: 'document_allowed_ext', value: ['pdf', 'docx'] },
    );
    const s = await settings();
    expect(s.system.sitename).toBe('测试文库');
    expect(s.display.pages_per_read).toBe(8);
    expect(s.security.document_allowed_ext).toEqual(['.pdf', '.docx']); // moredoc's form: the real list, with dots
  });

  it('a secret is shown as ****** and kept when ****** is sent back', async () => {
    await saveConfig({ category: 'email', name: 'password', value: 'smtp-pass-1' });
    const listed = await listConfig(['email']);
    expect(listed.find((i) => i.name === 'password')?.value).toBe(SECRET_MASK);
    expect(JSON.stringify(listed)).not.toContain('smtp-pass-1');
    await saveConfig({ category: 'email', name: 'password', value: SECRET_MASK }, { category: 'email', name: 'host', value: 'smtp.example.com' });
    const stored = await t.database.pool.query(`SELECT value FROM configs WHERE category = 'email' AND name = 'password'`);
    expect(stored.rows[0].value).toBe('smtp-pass-1');
  });

  it('bad config input is refused with a clear message and nothing is written', async () => {
    const unknown = await saveConfigError({ category: 'system', name: 'sitename', value: '不应保存' }, { category: 'system', name: 'nope', value: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('未知的配置项');
    expect((await saveConfigError({ category: 'display', name: 'pages_per_read', value: 'abc' })).status).toBe(400);
    expect((await saveConfigError({ category: 'security', name: 'document_allowed_ext', value: ['exe'] })).status).toBe(400);
    expect((await settings()).system.sitename).toBe('测试文库');
    expect((await saveConfigError()).status).toBe(400);
  });

  it('numbers keep to their bounds (from the section schema) and the message names the field', async () => {
    const refused = (category: string, name: string, value: ConfigItem['value']) => saveConfigError({ category, name, value });
    const negative = await refused('security', 'max_document_size', -5);
    expect(negative.status).toBe(400);
    expect(negative.message).toBe('「文档大小上限(MB)」不能小于 1');
    expect((await refused('converter', 'workers', 99)).message).toBe('「并行转换数」不能大于 8');
    expect((await refused('download', 'times_every_day', 2.5)).message).toBe('「每人每天下载次数」必须是整数');
    const badSelect = await refused('captcha', 'type', 'emoji');
    expect(badSelect.status).toBe(400);
    expect(badSelect.message).toContain('「类型」');
    await saveConfig({ category: 'converter', name: 'workers', value: '4' });
    expect((await t.app.services.settings.get('converter')).workers).toBe(4);
  });

  it('a stored value the schema refuses (a hand-edited row) reads as the default', async () => {
    await t.database.pool.query(`UPDATE configs SET value = '-3' WHERE category = 'display' AND name = 'pages_per_read'`);
    await t.database.pool.query(`UPDATE configs SET value = 'zzz' WHERE category = 'captcha' AND name = 'type'`);
    t.app.services.settings.clearCache();
    expect((await t.app.services.settings.get('display')).pages_per_read).toBe(5);
    expect((await t.app.services.settings.get('captcha')).type).toBe('digit');
    expect((await settings()).display.pages_per_read).toBe(5);
  });
});
