import { describe, expect, it } from 'vitest';
import { testSettings } from '../../test/fetch';
import { DEFAULT_SETTINGS, siteName, storedSettings } from './lib';

describe('DEFAULT_SETTINGS', () => {
  it('is the contract defaults of every public section', () => {
    expect(DEFAULT_SETTINGS).toEqual(testSettings());
    expect(DEFAULT_SETTINGS.system.sitename).toBe('文库');
    expect(DEFAULT_SETTINGS.footer.about).toBe('/article/about');
    expect(DEFAULT_SETTINGS.security.login_required).toBe(false);
    expect(DEFAULT_SETTINGS.security.enable_captcha_find_password).toBe(true);
    expect(DEFAULT_SETTINGS.language).toEqual([]);
  });
});

describe('storedSettings', () => {
  it('keeps a saved copy that has the contract shape', () => {
    const saved = testSettings({ system: { sitename: '魔豆文库' }, security: { login_required: true } });
    expect(storedSettings(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });
  it('drops a copy of another shape (an older release, a partial or broken copy)', () => {
    expect(storedSettings(null)).toBeUndefined();
    expect(storedSettings({})).toBeUndefined();
    expect(storedSettings({ system: { credit_name: '金币' } })).toBeUndefined();
    const old = JSON.parse(JSON.stringify(testSettings())) as Record<string, Record<string, unknown>>;
    old.security.is_close = 'true';
    expect(storedSettings(old)).toBeUndefined();
  });
});

describe('siteName', () => {
  it('is the configured name, 文库 when it was cleared', () => {
    expect(siteName({ sitename: '魔豆文库' })).toBe('魔豆文库');
    expect(siteName({ sitename: '' })).toBe('文库');
    expect(siteName({ sitename: '  ' })).toBe('文库');
  });
});
