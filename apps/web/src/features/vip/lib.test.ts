import { describe, expect, it } from 'vitest';
import { testSettings } from '../../test/fetch';
import { bestValueCard, formatPrice, pricePerDay, vipBenefits, vipDaysLeft, vipOfferFromSettings } from './lib';

describe('vip offer', () => {
  it('builds the three cards from the settings with the contract defaults', () => {
    const o = vipOfferFromSettings(testSettings({ vip: { enable: true, year_price: 100, month_price: 12.5 } }).vip);
    expect(o.enable).toBe(true);
    expect(o.cards).toEqual([
      { card: 0, title: '年卡', days: 365, price: 100 },
      { card: 1, title: '季卡', days: 92, price: 69 },
      { card: 2, title: '月卡', days: 31, price: 12.5 },
    ]);
    expect(o.freeDownload).toBe(true);
    expect(o.timesEveryDay).toBe(50);
  });
  it('is off by default', () => {
    expect(vipOfferFromSettings(testSettings().vip).enable).toBe(false);
  });
  it('prices per day and finds the best value', () => {
    expect(pricePerDay(199, 365)).toBe('0.55');
    expect(pricePerDay(10, 0)).toBe('0.00');
    expect(formatPrice(199)).toBe('199');
    expect(formatPrice(19.9)).toBe('19.90');
    const cards = [
      { card: 0 as const, title: '年卡', days: 365, price: 199 },
      { card: 1 as const, title: '季卡', days: 92, price: 69 },
      { card: 2 as const, title: '月卡', days: 31, price: 29 },
    ];
    expect(bestValueCard(cards)).toBe(0);
    expect(bestValueCard(cards.map((c) => ({ ...c, price: 0 })))).toBeUndefined();
  });
  it('counts the days left', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(vipDaysLeft(true, '2025-01-11T00:00:00Z', now)).toBe(10);
    expect(vipDaysLeft(true, null, now)).toBeNull();
    expect(vipDaysLeft(false, '2025-01-11T00:00:00Z', now)).toBe(0);
  });
  it('lists the benefits from the settings', () => {
    expect(vipBenefits({ freeDownload: true, timesEveryDay: 50 }, '金币').map((b) => b.title)).toEqual([
      '无广告浏览',
      '付费文档免费下载',
      '每天下载 50 次',
      '尊贵VIP标识',
    ]);
    expect(vipBenefits({ freeDownload: false, timesEveryDay: 0 }).map((b) => b.key)).toEqual(['ads', 'badge']);
    expect(vipBenefits({ freeDownload: true, timesEveryDay: 0 }, '金币')[1].description).toContain('金币');
  });
});
