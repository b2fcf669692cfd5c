import { describe, expect, it } from 'vitest';
import { copyrightYears, footerLinks, secIcpUrl } from './footer-lib';

describe('copyrightYears', () => {
  it('shows start-current when the start year is earlier', () => {
    expect(copyrightYears(2019, 2026)).toBe('2019-2026');
  });
  it('shows only the current year when the start is this year or later', () => {
    expect(copyrightYears(2026, 2026)).toBe('2026');
    expect(copyrightYears(2030, 2026)).toBe('2026');
  });
  it('defaults to the real current year', () => {
    expect(copyrightYears(2000)).toBe(`2000-${new Date().getFullYear()}`);
  });
});

describe('secIcpUrl', () => {
  it('puts the digits of the record number in the recordcode', () => {
    expect(secIcpUrl('京公网安备 11010502030143号')).toBe('http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=11010502030143');
  });
});

describe('footerLinks', () => {
  it('lists only configured links, in spec order with Chinese labels', () => {
    const links = footerLinks({ about: '/article/about', agreement: '', contact: 'https://x.com/c', feedback: ' ', copyright: '/article/copyright' });
    expect(links.map((l) => l.label)).toEqual(['关于我们', '联系我们', '免责声明']);
    expect(links[1].href).toBe('https://x.com/c');
  });
  it('has all five labels when everything is configured', () => {
    const all = footerLinks({ about: '/a', agreement: '/b', contact: '/c', feedback: '/d', copyright: '/e' });
    expect(all.map((l) => l.label)).toEqual(['关于我们', '文库协议', '联系我们', '意见反馈', '免责声明']);
  });
});
