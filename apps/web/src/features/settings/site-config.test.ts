import { describe, expect, it } from 'vitest';
import type { TSettings } from '@wenku/contracts';
import { settingValue, toSiteConfig } from './site-config';

describe('toSiteConfig', () => {
  it('falls back to the contract defaults without settings', () => {
    const cfg = toSiteConfig(undefined);
    expect(cfg.sitename).toBe('文库');
    expect(cfg.creditName).toBe('积分');
    expect(cfg.footer.about).toBe('/article/about');
    expect(cfg.security.loginRequired).toBe(false);
    expect(cfg.recommendWords.length).toBeGreaterThan(0);
  });

  it('reads the settings sections', () => {
    const cfg = toSiteConfig({
      system: { sitename: '魔豆文库', recommend_words: '论文， 报告,,教案', copyright_start_year: 2020, enable_powered_by: false, domain: 'https://x.com/' },
      footer: { about: '' },
      security: { login_required: true, is_close: 'true' },
      display: { hide_category_without_document: true },
      vip: { enable: true },
    } as unknown as TSettings);
    expect(cfg.sitename).toBe('魔豆文库');
    expect(cfg.recommendWords).toEqual(['论文', '报告', '教案']);
    expect(cfg.copyrightStartYear).toBe(2020);
    expect(cfg.enablePoweredBy).toBe(false);
    expect(cfg.domain).toBe('https://x.com');
    expect(cfg.footer.about).toBe('');
    expect(cfg.security).toMatchObject({ loginRequired: true, isClose: true });
    expect(cfg.display.hideCategoryWithoutDocument).toBe(true);
    expect(cfg.vip.enable).toBe(true);
  });

  it('settingValue returns the default for a missing key', () => {
    expect(settingValue({ system: {} } as unknown as TSettings, 'system', 'credit_name')).toBe('积分');
  });
});
