import {
  CONFIG_SECTIONS, SECRET_MASK, DEFAULT_CREDIT_NAME, type ConfigCategory, type ConfigFieldDef, type TConfigItem, type TSettings, type TRechargeSettings,
} from '@wenku/contracts';
import { TtlCache, freeze } from '../../lib/cache';
import { DEFAULT_TIMEZONE, startOfDay } from '../../lib/time';
import { badRequest } from '../../lib/errors';
import type { ConfigRepo } from './config.repo';

type Value = string | number | boolean | string[];
export type Section = Record<string, Value>;

const fieldsOf = (category: string): ConfigFieldDef[] | undefined =>
  (CONFIG_SECTIONS as Record<string, { fields: ConfigFieldDef[] }>)[category]?.fields;

export function encodeValue(field: ConfigFieldDef, value: Value): string {
  switch (field.type) {
    case 'switch':
      return value === true || value === 'true' || value === 1 || value === '1' ? 'true' : 'false';
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) throw badRequest(`「${field.label}」必须是数字`);
      return String(n);
    }
    case 'select-multi': {
      const arr = Array.isArray(value) ? value : String(value).split(',').filter(Boolean);
      const allowed = field.options?.map((o) => o.value);
      const bad = allowed ? arr.find((v) => !allowed.includes(v)) : undefined;
      if (bad) throw badRequest(`「${field.label}」不支持的选项：${bad}`);
      return JSON.stringify(arr);
    }
    case 'select': {
      const s = String(value);
      if (field.options && !field.options.some((o) => o.value === s)) throw badRequest(`「${field.label}」不支持的选项：${s}`);
      return s;
    }
    default:
      if (Array.isArray(value)) throw badRequest(`「${field.label}」格式不正确`);
      return String(value);
  }
}

export function decodeValue(field: ConfigFieldDef, raw: string | undefined): Value {
  if (raw === undefined) return field.default;
  switch (field.type) {
    case 'switch':
      return raw === 'true';
    case 'number': {
      const n = Number(raw);
      return Number.isFinite(n) ? n : (field.default as number);
    }
    case 'select-multi':
      try {
        const v = JSON.parse(raw);
        return Array.isArray(v) ? v.map(String) : [];
      } catch {
        return [];
      }
    default:
      return raw;
  }
}

const DEFAULT_LANGUAGES = [
  ['简体中文', 'zh-cn'], ['繁體中文', 'zh-tw'], ['English', 'en'], ['日本語', 'ja'], ['한국어', 'ko'],
  ['Français', 'fr'], ['Deutsch', 'de'], ['Español', 'es'], ['Русский', 'ru'], ['其他', 'other'],
] as const;

export class ConfigService {
  private readonly cache = new TtlCache<unknown>(3000);

  constructor(private readonly repo: ConfigRepo) {}

  /** Adds every field that has no row yet with its default; existing values are never touched. */
  async seed(overrides: Partial<Record<ConfigCategory, Section>> = {}): Promise<void> {
    const rows: { category: string; name: string; value: string }[] = [];
    for (const [category, def] of Object.entries(CONFIG_SECTIONS)) {
      for (const f of def.fields as ConfigFieldDef[]) {
        const v = (overrides as Record<string, Section | undefined>)[category]?.[f.name] ?? f.default;
        rows.push({ category, name: f.name, value: encodeValue(f, v) });
      }
    }
    await this.repo.insertMissing(rows);
    await this.repo.insertLanguages(DEFAULT_LANGUAGES.map(([language, code], i) => ({ language, code, sort: i })));
    this.cache.clear();
  }

  /** Every section with typed values (secrets included: server-side use only). */
  all(): Promise<Record<string, Section>> {
    return this.allSections();
  }

  private async allSections(): Promise<Record<string, Section>> {
    return this.cache.get('all', async () => {
      const rows = await this.repo.findAll();
      const byKey = new Map(rows.map((r) => [`${r.category}.${r.name}`, r.value]));
      const out: Record<string, Section> = {};
      for (const [category, def] of Object.entries(CONFIG_SECTIONS)) {
        const section: Section = {};
        for (const f of def.fields as ConfigFieldDef[]) section[f.name] = decodeValue(f, byKey.get(`${category}.${f.name}`));
        out[category] = section;
      }
      return freeze(out);
    }) as Promise<Record<string, Section>>;
  }

  /** A section from the in-memory cache when fresh (no await on the request hot path), else undefined. */
  peekSection<T extends Section = Section>(category: ConfigCategory): T | undefined {
    return (this.cache.peek('all') as Record<string, Section> | undefined)?.[category] as T | undefined;
  }

  /** The site's time zone (system.timezone). */
  async timezone(): Promise<string> {
    return String((await this.section('system')).timezone || DEFAULT_TIMEZONE);
  }

  /** When today began in the site's time zone: daily limits and counters start there. */
  async startOfToday(): Promise<Date> {
    return startOfDay(await this.timezone());
  }

  /** A whole section with typed values (secrets included: server-side use only). */
  async section<T extends Section = Section>(category: ConfigCategory): Promise<T> {
    return (await this.allSections())[category] as T;
  }

  async list(categories?: string[]): Promise<TConfigItem[]> {
    const rows = await this.repo.findAll(categories);
    const byKey = new Map(rows.map((r) => [`${r.category}.${r.name}`, r]));
    const items: TConfigItem[] = [];
    const cats = categories?.length ? categories : Object.keys(CONFIG_SECTIONS);
    for (const category of cats) {
      (fieldsOf(category) ?? []).forEach((f, i) => {
        const row = byKey.get(`${category}.${f.name}`);
        const value = decodeValue(f, row?.value);
        items.push({
          id: row?.id ?? 0,
          category,
          name: f.name,
          label: f.label,
          value: f.secret ? (value ? SECRET_MASK : '') : value,
          input_type: f.type,
          placeholder: f.placeholder ?? '',
          options: f.options ?? [],
          is_secret: !!f.secret,
          sort: i,
        });
      });
    }
    return items;
  }

  async update(items: { category: string; name: string; value: Value }[]): Promise<void> {
    const rows: { category: string; name: string; value: string }[] = [];
    for (const item of items) {
      const field = fieldsOf(item.category)?.find((f) => f.name === item.name);
      if (!field) throw badRequest(`未知的配置项：${item.category}.${item.name}`);
      if (field.secret && item.value === SECRET_MASK) continue; // keep the stored secret
      rows.push({ category: item.category, name: item.name, value: encodeValue(field, item.value) });
    }
    await this.repo.upsert(rows);
    this.cache.clear();
  }

  /** The public answer of GET /settings: only fields flagged public. */
  async publicSettings(): Promise<TSettings> {
    return this.cache.get('public', async () => {
      const all = await this.allSections();
      const pick = (category: ConfigCategory): Section => {
        const out: Section = {};
        for (const f of CONFIG_SECTIONS[category].fields as ConfigFieldDef[]) if (f.public) out[f.name] = all[category][f.name];
        return out;
      };
      const langs = await this.repo.enabledLanguages();
      return freeze({
        system: pick('system'),
        footer: pick('footer'),
        security: pick('security'),
        display: pick('display'),
        download: pick('download'),
        vip: pick('vip'),
        sms: pick('sms'),
        llm: pick('llm'),
        language: langs.map((l) => ({ id: l.id, language: l.language, code: l.code, enable: l.enable, sort: l.sort })),
      });
    }) as Promise<TSettings>;
  }

  async rechargeSettings(): Promise<TRechargeSettings> {
    return this.cache.get('recharge', async () => {
      const all = await this.allSections();
      const pay = all.pay;
      const methods: number[] = [];
      if (pay.enable_wechatpay) methods.push(1);
      if (pay.enable_alipay) methods.push(2);
      if (pay.enable_hupijiao) methods.push(8);
      return freeze({
        enable: pay.enable_recharge === true,
        credit_name: String(all.system.credit_name || DEFAULT_CREDIT_NAME),
        credit_exchange: Number(pay.credit_exchange) || 1,
        recharge_discount: String(pay.recharge_discount ?? ''),
        pay_methods: methods,
      });
    }) as Promise<TRechargeSettings>;
  }

  clearCache(): void {
    this.cache.clear();
  }
}
