import { z } from 'zod';
import { INT4_MAX, zInt4, zPatch, zTimestamp } from '../common/schemas';
import { ZLlmModelKind, ZLlmProvider } from '../enums/schemas';

const zId = z.number().int().positive().max(INT4_MAX);

export const ZChatUsage = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() });

export const ZLlmModel = z.object({
  id: z.number().int(),
  /** 0: the model of config/llm (read-only here; edit it in 系统配置 → AI 大模型) */
  title: z.string(),
  provider: ZLlmProvider,
  model: z.string(),
  base_url: z.string(),
  /** '******' when set, '' when not: keys are never sent back */
  api_key: z.string(),
  kind: ZLlmModelKind,
  enable: z.boolean(),
  is_default: z.boolean(),
  /** the config/llm model, which cannot be edited or deleted here */
  from_config: z.boolean(),
  sort: z.number().int(),
  created_at: zTimestamp,
});
export type TLlmModel = z.infer<typeof ZLlmModel>;

export const ZLlmModelBody = z.object({
  title: z.string().trim().max(64).default(''),
  provider: ZLlmProvider,
  model: z.string({ error: '请输入模型名称' }).trim().min(1, '请输入模型名称').max(128),
  /** empty: the provider's default address */
  base_url: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), '接口地址须以 http:// 或 https:// 开头')
    .default(''),
  api_key: z.string().max(512).default(''),
  kind: ZLlmModelKind.default('chat'),
  enable: z.boolean().default(true),
  is_default: z.boolean().default(false),
  sort: z.number().int().default(0),
});
/** '******' (or an absent key) keeps the stored key. */
export const ZUpdateLlmModelBody = zPatch(ZLlmModelBody).extend({ id: zId });

export const ZListLlmModelsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(100),
  kind: ZLlmModelKind.optional(),
});

/** POST /llm/model/test: one line to a model (a saved one by id, or the config/llm one with id 0). */
export const ZTestLlmModelBody = z.object({
  id: z.number().int().min(0).max(INT4_MAX),
  prompt: z.string().trim().max(500).default('你好，请用一句话介绍你自己。'),
});
export const ZLlmTestEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), content: z.string() }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('done'), latency_ms: z.number(), first_token_ms: z.number(), usage: ZChatUsage }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
