import {
  CONFIG_SECTIONS,
  SECRET_MASK,
  DEFAULT_CREDIT_NAME,
  ZSettings,
  configField,
  effectiveAllowedExts,
  type ConfigCategory,
  type ConfigFieldDef,
  type TConfig,
  type TConfigItem,
  type TConfigSections,
  type TSettings,
  type TRechargeSettings,
} from '@wenku/contracts';
import { freeze, type Caches, type TtlCache } from '../../lib/cache';
import { badRequest } from '../../lib/errors';
import { DEFAULT_TIMEZONE, startOfDay } from '../../lib/time';
import type { ConfigRepo } from './config.repo';

type Value = string | number | boolean | string[];

/** A stored string as the field's type (before the field's schema checks it). */
function fromStored(field: ConfigFieldDef, raw: string): unknown {
  switch (field.type) {
    case 'switch':
      return raw === 'true';
    case 'number':
      return raw.trim() === '' ? undefined : Number(raw);
    case 'select-multi':
      try {
        return JSON.parse(raw);
      } catch {
        return [];
      }
    case 'tags':
      // a JSON list since tags were introduced; before, the comma-separated text the field's schema still reads
      if (raw.trimStart().startsWith('[')) {
        try {
          return JSON.parse(raw);
        } catch {
          return raw;
        }
      }
      return raw;
    default:
      return raw;
  }
}

/** A submitted value as the field's type: forms send numbers and switches as strings sometimes. */
function fromInput(field: ConfigFieldDef, value: Value): unknown {
  switch (field.type) {
    case 'switch':
      return value === true || value === 'true' || value === 1 || value === '1';
    case 'number':
      return typeof value === 'number' ? value : String(value).trim() === '' ? Number.NaN : Number(value);
    case 'select-multi':
      return Array.isArray(value) ? value : String(value).split(',').filter(Boolean);
    case 'tags':
      // a list (our admin) or comma-separated text (a text input): the field's schema splits the text
      return Array.isArray(value) ? value : String(value);
    default:
      return Array.isArray(value) ? value : String(value);
  }
}

const toStored = (v: unknown) => (Array.isArray(v) ? JSON.stringify(v) : String(v));

/** A value as moredoc's config list carries it: always a string (lists joined by commas). */
function asText(value: Value): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * A stored value, checked by its field's schema; anything the schema refuses (an old value out of today's bounds,
 * a hand-edited row) reads as the default, so a bad row can never break a page.
 */
function decode(category: string, name: string, raw: string | undefined): Value {
  const f = configField(category, name);
  // callers walk CONFIG_SECTIONS, which is built from the same schemas
  if (!f) throw new Error(`config field ${category}.${name} has no schema`);
  if (raw === undefined) return f.meta.default;
  const r = f.schema.safeParse(fromStored(f.meta, raw));
  return (r.success ? r.data : f.meta.default) as Value;
}

const DEFAULT_LANGUAGES = [
  ['简体中文', 'zh-cn'],
  ['繁體中文', 'zh-tw'],
  ['English', 'en'],
  ['日本語', 'ja'],
  ['한국어', 'ko'],
  ['Français', 'fr'],
  ['Deutsch', 'de'],
  ['Español', 'es'],
  ['Русский', 'ru'],
  ['其他', 'other'],
] as const;

/** The site's settings: one typed section per admin config page (contracts `CONFIG_SCHEMAS`), cached a few seconds. */
export class ConfigService {
  /** shared with the other API processes by the module (index.ts) */
  readonly cache: TtlCache<unknown>;

  constructor(
    private readonly repo: ConfigRepo,
    caches: Caches,
  ) {
    this.cache = caches.cache('settings', { ttlMs: 3000, staleMs: 30_000 });
  }

  /** Adds every field that has no row yet with its default; existing values are never touched. */
  async seed(): Promise<void> {
    const rows: { category: string; name: string; value: string }[] = [];
    for (const [category, def] of Object.entries(CONFIG_SECTIONS)) {
      for (const f of def.fields) rows.push({ category, name: f.name, value: toStored(f.default) });
    }
    await this.repo.insertMissing(rows);
    await this.repo.insertLanguages(DEFAULT_LANGUAGES.map(([language, code], i) => ({ language, code, sort: i })));
    await this.cache.clear();
  }

  /** Every section, typed, secrets included (server-side use only). */
  all(): Promise<TConfigSections> {
    return this.cache.get('all', async () => {
      const rows = await this.repo.findAll();
      const byKey = new Map(rows.map((r) => [`${r.category}.${r.name}`, r.value]));
      const out: Record<string, Record<string, Value>> = {};
      for (const [category, def] of Object.entries(CONFIG_SECTIONS)) {
        const section: Record<string, Value> = {};
        for (const f of def.fields) section[f.name] = decode(category, f.name, byKey.get(`${category}.${f.name}`));
        out[category] = section;
      }
      return freeze(out);
    }) as Promise<TConfigSections>;
  }

  /** A whole section, typed (secrets included: server-side use only). */
  async get<K extends ConfigCategory>(category: K): Promise<TConfig<K>> {
    return (await this.all())[category];
  }

  /** A section from the in-memory cache when fresh (no await on the request hot path), else undefined. */
  peek<K extends ConfigCategory>(category: K): TConfig<K> | undefined {
    return (this.cache.peek('all') as TConfigSections | undefined)?.[category];
  }

  /** The site's time zone (system.timezone). */
  async timezone(): Promise<string> {
    return (await this.get('system')).timezone || DEFAULT_TIMEZONE;
  }

  /** When today began in the site's time zone: daily limits and counters start there. */
  async startOfToday(): Promise<Date> {
    return startOfDay(await this.timezone());
  }

  async list(categories?: string[]): Promise<TConfigItem[]> {
    const rows = await this.repo.findAll(categories);
    const byKey = new Map(rows.map((r) => [`${r.category}.${r.name}`, r]));
    const items: TConfigItem[] = [];
    const cats = categories?.length ? categories : Object.keys(CONFIG_SECTIONS);
    for (const category of cats) {
      (CONFIG_SECTIONS[category as ConfigCategory]?.fields ?? []).forEach((f, i) => {
        const row = byKey.get(`${category}.${f.name}`);
        const value = decode(category, f.name, row?.value);
        items.push({
          id: row?.id ?? 0,
          category,
          name: f.name,
          label: f.label,
          value: f.secret ? (value ? SECRET_MASK : '') : asText(value),
          input_type: f.type,
          placeholder: f.placeholder ?? '',
          options: (f.options ?? []).map((o) => `${o.value}:${o.label}`).join('\n'),
          option_list: f.options ?? [],
          is_secret: !!f.secret,
          sort: i,
          ...(f.help ? { help: f.help } : {}),
        });
      });
    }
    return items;
  }

  /** Saves submitted fields, each checked by its schema (type, bounds, options); a secret sent back masked is kept. */
  async update(items: { category: string; name: string; value: Value }[]): Promise<void> {
    const rows: { category: string; name: string; value: string }[] = [];
    for (const item of items) {
      const f = configField(item.category, item.name);
      if (!f) throw badRequest(`未知的配置项：${item.category}.${item.name}`);
      if (f.meta.secret && item.value === SECRET_MASK) continue;
      const r = f.schema.safeParse(fromInput(f.meta, item.value));
      if (!r.success) {
        const msg = r.error.issues[0]?.message ?? '';
        throw badRequest(msg.startsWith('「') ? msg : `「${f.meta.label}」格式不正确`);
      }
      rows.push({ category: item.category, name: item.name, value: toStored(r.data) });
    }
    await this.repo.upsert(rows);
    await this.cache.clear();
  }

  /**
   * State kept in the configs table outside the typed sections (the release check's answer, the ignored version):
   * never listed by GET /config/list and refused by PUT /config, so only the module that owns it changes it.
   */
  rawSection(category: string): Promise<Record<string, string>> {
    if (category in CONFIG_SECTIONS) throw new Error(`${category} is a typed section`);
    return this.repo.rawSection(category);
  }

  async saveRawSection(category: string, values: Record<string, string>): Promise<void> {
    if (category in CONFIG_SECTIONS) throw new Error(`${category} is a typed section`);
    await this.repo.upsert(Object.entries(values).map(([name, value]) => ({ category, name, value })));
  }

  /** The public answer of GET /settings: only fields flagged public, shaped by the contract. */
  async publicSettings(): Promise<TSettings> {
    return this.cache.get('public', async () => {
      const [all, langs] = await Promise.all([this.all(), this.repo.enabledLanguages()]);
      return freeze(
        ZSettings.parse({
          ...all,
          security: { ...all.security, document_allowed_ext: effectiveAllowedExts(all.security.document_allowed_ext).map((e) => `.${e}`) },
          language: langs.map((l) => ({ id: l.id, language: l.language, code: l.code, enable: l.enable, sort: l.sort })),
        }),
      );
    }) as Promise<TSettings>;
  }

  async rechargeSettings(): Promise<TRechargeSettings> {
    return this.cache.get('recharge', async () => {
      const { pay, system } = await this.all();
      const methods: number[] = [];
      if (pay.enable_wechatpay) methods.push(1);
      if (pay.enable_alipay) methods.push(2);
      if (pay.enable_hupijiao) methods.push(8);
      return freeze({
        enable: pay.enable_recharge,
        credit_name: system.credit_name || DEFAULT_CREDIT_NAME,
        credit_exchange: pay.credit_exchange,
        recharge_discount: pay.recharge_discount,
        pay_methods: methods,
      });
    }) as Promise<TRechargeSettings>;
  }

  clearCache(): Promise<void> {
    return this.cache.clear();
  }
}
