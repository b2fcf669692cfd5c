import { z } from 'zod';
import { INT4_MAX, zPatch, zQueryArray } from '../common/schemas';
import { CONFIG_CATEGORIES, publicConfig } from './sections';

export const ZConfigValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const ZConfigItem = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  label: z.string(),
  /**
   * As moredoc gives it, a string whatever the type (its admin reads them so): a switch 'true' / 'false', a number
   * its digits, a multiple choice its values joined by commas. Saving accepts these strings or typed values.
   */
  value: ZConfigValue,
  input_type: z.string(),
  placeholder: z.string(),
  /** moredoc's form of the choices: one `value:label` per line ('' when the field has none). */
  options: z.string(),
  /** the same choices as a list (Wenku's admin) */
  option_list: z.array(z.object({ value: z.string(), label: z.string() })),
  is_secret: z.boolean(),
  sort: z.number().int(),
  /** Wenku's admin: a sentence shown under the input (what the setting does); absent when the field has none */
  help: z.string().optional(),
});
export type TConfigItem = z.infer<typeof ZConfigItem>;

export const ZListConfigQuery = z.object({ category: zQueryArray(z.enum(CONFIG_CATEGORIES as [string, ...string[]])) });
export const ZUpdateConfigBody = z.object({
  config: z
    .array(z.object({ category: z.string().min(1), name: z.string().min(1), value: ZConfigValue, id: z.number().optional() }))
    .min(1, '没有需要保存的配置'),
});

export const ZLanguage = z.object({ id: z.number().int(), language: z.string(), code: z.string(), enable: z.boolean(), sort: z.number().int() });

/** GET /settings: the public fields of the sections the site needs at start-up, typed from the sections. */
export const ZSettings = z.object({
  system: publicConfig('system'),
  footer: publicConfig('footer'),
  /**
   * `document_allowed_ext` is the real list of extensions one may upload, in moredoc's form (`.pdf`): an empty
   * stored list (no restriction) is answered as every supported extension, since moredoc clients filter by it.
   */
  security: publicConfig('security').extend({ document_allowed_ext: z.array(z.string()).default([]) }),
  display: publicConfig('display'),
  download: publicConfig('download'),
  vip: publicConfig('vip'),
  sms: publicConfig('sms'),
  llm: publicConfig('llm'),
  language: z.array(ZLanguage),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZRechargeSettings = z.object({
  enable: z.boolean(),
  credit_name: z.string(),
  credit_exchange: z.number(),
  recharge_discount: z.string(),
  pay_methods: z.array(z.number().int()),
});
export type TRechargeSettings = z.infer<typeof ZRechargeSettings>;

// ---------------- languages, envs ----------------
export const ZLanguageBody = z.object({
  language: z.string().trim().min(1, '请输入语言名称').max(64),
  code: z.string().trim().min(1, '请输入语言代码').max(16),
  enable: z.boolean().default(true),
  sort: z.number().int().default(0),
});
export const ZUpdateLanguageBody = zPatch(ZLanguageBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZLanguageStatusBody = z.object({ id: z.array(z.number().int().positive().max(INT4_MAX)).min(1), enable: z.boolean() });
