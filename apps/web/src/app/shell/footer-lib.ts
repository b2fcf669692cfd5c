import type { TConfig } from '@wenku/contracts/schemas';

/** "2024-2026", or just the current year when the start year is not earlier. */
export function copyrightYears(startYear: number, currentYear = new Date().getFullYear()): string {
  return startYear < currentYear ? `${startYear}-${currentYear}` : String(currentYear);
}

export const ICP_URL = 'https://beian.miit.gov.cn/';

/** The public-security record link: its record code is the digits of the configured number. */
export function secIcpUrl(secIcp: string): string {
  const digits = secIcp.replace(/\D+/g, '');
  return `http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${digits}`;
}

export interface FooterLink {
  key: string;
  label: string;
  href: string;
}

/** 关于我们 / 文库协议 / 联系我们 / 意见反馈 / 免责声明, each only if configured. */
export function footerLinks(footer: TConfig<'footer'>): FooterLink[] {
  const all: FooterLink[] = [
    { key: 'about', label: '关于我们', href: footer.about },
    { key: 'agreement', label: '文库协议', href: footer.agreement },
    { key: 'contact', label: '联系我们', href: footer.contact },
    { key: 'feedback', label: '意见反馈', href: footer.feedback },
    { key: 'copyright', label: '免责声明', href: footer.copyright },
  ];
  return all.filter((l) => l.href.trim() !== '');
}
