import { CONFIG_SECTIONS, type ConfigCategory, type TSettings } from '@wenku/contracts';

type Value = string | number | boolean | string[];

function defaultOf(section: ConfigCategory, name: string): Value | undefined {
  const fields = CONFIG_SECTIONS[section].fields as readonly { name: string; default: Value }[];
  return fields.find((f) => f.name === name)?.default;
}

/** A settings value, or the contract's default when the section or key is missing. */
export function settingValue(settings: Partial<TSettings> | null | undefined, section: ConfigCategory, name: string): Value | undefined {
  const sec = (settings as Record<string, Record<string, Value> | undefined> | null | undefined)?.[section];
  const v = sec?.[name];
  return v === undefined || v === null ? defaultOf(section, name) : v;
}

const str = (v: Value | undefined): string => (typeof v === 'string' ? v : v === undefined ? '' : String(v));
const bool = (v: Value | undefined): boolean => v === true || v === 'true' || v === '1' || v === 1;
const num = (v: Value | undefined, fallback: number): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** The public settings as the site uses them, with the contract's defaults filled in. */
export interface SiteConfig {
  sitename: string;
  title: string;
  keywords: string;
  description: string;
  logo: string;
  favicon: string;
  domain: string;
  version: string;
  creditName: string;
  recommendWords: string[];
  loginBackground: string;
  registerBackground: string;
  copyrightStartYear: number;
  icp: string;
  secIcp: string;
  enablePoweredBy: boolean;
  analytics: string;
  footer: { about: string; agreement: string; contact: string; feedback: string; copyright: string };
  security: {
    loginRequired: boolean;
    isClose: boolean;
    closeStatement: string;
    enableRegister: boolean;
    enableCaptchaLogin: boolean;
    enableCaptchaRegister: boolean;
  };
  display: {
    hideCategoryWithoutDocument: boolean;
    showDocumentCount: boolean;
    copyrightStatement: string;
    wechatQrcode: string;
    wechatTip: string;
    contactLink: string;
    contactTip: string;
  };
  vip: { enable: boolean; icon: string };
}

export function toSiteConfig(settings: Partial<TSettings> | null | undefined): SiteConfig {
  const v = (section: ConfigCategory, name: string) => settingValue(settings, section, name);
  const sitename = str(v('system', 'sitename')).trim() || '文库';
  return {
    sitename,
    title: str(v('system', 'title')).trim() || sitename,
    keywords: str(v('system', 'keywords')),
    description: str(v('system', 'description')),
    logo: str(v('system', 'logo')),
    favicon: str(v('system', 'favicon')),
    domain: str(v('system', 'domain')).replace(/\/+$/, ''),
    version: str(v('system', 'version')),
    creditName: str(v('system', 'credit_name')).trim() || '积分',
    recommendWords: str(v('system', 'recommend_words'))
      .split(/[,，]/)
      .map((w) => w.trim())
      .filter(Boolean),
    loginBackground: str(v('system', 'login_background')),
    registerBackground: str(v('system', 'register_background')),
    copyrightStartYear: num(v('system', 'copyright_start_year'), new Date().getFullYear()),
    icp: str(v('system', 'icp')).trim(),
    secIcp: str(v('system', 'sec_icp')).trim(),
    enablePoweredBy: bool(v('system', 'enable_powered_by')),
    analytics: str(v('system', 'analytics')).trim(),
    footer: {
      about: str(v('footer', 'about')).trim(),
      agreement: str(v('footer', 'agreement')).trim(),
      contact: str(v('footer', 'contact')).trim(),
      feedback: str(v('footer', 'feedback')).trim(),
      copyright: str(v('footer', 'copyright')).trim(),
    },
    security: {
      loginRequired: bool(v('security', 'login_required')),
      isClose: bool(v('security', 'is_close')),
      closeStatement: str(v('security', 'close_statement')),
      enableRegister: bool(v('security', 'enable_register')),
      enableCaptchaLogin: bool(v('security', 'enable_captcha_login')),
      enableCaptchaRegister: bool(v('security', 'enable_captcha_register')),
    },
    display: {
      hideCategoryWithoutDocument: bool(v('display', 'hide_category_without_document')),
      showDocumentCount: bool(v('display', 'show_document_count')),
      copyrightStatement: str(v('display', 'copyright_statement')),
      wechatQrcode: str(v('display', 'wechat_qrcode')).trim(),
      wechatTip: str(v('display', 'wechat_tip')).trim(),
      contactLink: str(v('display', 'contact_link')).trim(),
      contactTip: str(v('display', 'contact_tip')).trim(),
    },
    vip: { enable: bool(v('vip', 'enable')), icon: str(v('vip', 'icon')) },
  };
}
