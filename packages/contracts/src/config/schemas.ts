import { z } from 'zod';
import { zQueryArray } from '../common/schemas';
import { CONFIG_CATEGORIES } from './sections';

export const ZConfigValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const ZConfigItem = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  label: z.string(),
  value: ZConfigValue,
  input_type: z.string(),
  placeholder: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  is_secret: z.boolean(),
  sort: z.number().int(),
});
export type TConfigItem = z.infer<typeof ZConfigItem>;

export const ZListConfigQuery = z.object({ category: zQueryArray(z.enum(CONFIG_CATEGORIES as [string, ...string[]])) });
export const ZUpdateConfigBody = z.object({
  config: z.array(z.object({ category: z.string().min(1), name: z.string().min(1), value: ZConfigValue, id: z.number().optional() })).min(1, '没有需要保存的配置'),
});

const zSection = z.record(z.string(), ZConfigValue);
export const ZLanguage = z.object({ id: z.number().int(), language: z.string(), code: z.string(), enable: z.boolean(), sort: z.number().int() });

export const ZSettings = z.object({
  system: zSection,
  footer: zSection,
  security: zSection,
  display: zSection,
  download: zSection,
  vip: zSection,
  sms: zSection,
  llm: zSection,
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
