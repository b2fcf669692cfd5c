import type { TEnumOption } from './enum-option';

/** Large-language-model providers, all reached through one OpenAI-compatible client, spec §3. */
export const LlmProvider = {
  Ollama: 'ollama',
  Deepseek: 'deepseek',
  Qianwen: 'qianwen',
  Hunyuan: 'hunyuan',
  Qianfan: 'qianfan',
  Doubao: 'doubao',
  Xunfei: 'xunfei',
  Kimi: 'kimi',
  Siliconflow: 'siliconflow',
  Gitee: 'gitee',
  Custom: 'custom',
} as const;
export type TLlmProvider = (typeof LlmProvider)[keyof typeof LlmProvider];

/**
 * Default OpenAI-compatible base URL of each provider (the client appends `/chat/completions`, `/embeddings`, ...).
 * Ollama's is its local default, written as 127.0.0.1 because Node may resolve `localhost` to ::1 while Ollama
 * listens on IPv4 only. `custom` has none: the administrator enters one.
 */
export const LLM_PROVIDER_BASE_URLS: Readonly<Record<TLlmProvider, string>> = {
  ollama: 'http://127.0.0.1:11434/v1',
  deepseek: 'https://api.deepseek.com/v1',
  qianwen: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  hunyuan: 'https://api.hunyuan.cloud.tencent.com/v1',
  qianfan: 'https://qianfan.baidubce.com/v2',
  doubao: 'https://ark.cn-beijing.volces.com/api/v3',
  xunfei: 'https://spark-api-open.xf-yun.com/v1',
  kimi: 'https://api.moonshot.cn/v1',
  siliconflow: 'https://api.siliconflow.cn/v1',
  gitee: 'https://ai.gitee.com/v1',
  custom: '',
};

export const LLM_PROVIDER_OPTIONS = [
  { value: LlmProvider.Ollama, label: 'Ollama', baseUrl: LLM_PROVIDER_BASE_URLS.ollama },
  { value: LlmProvider.Deepseek, label: 'DeepSeek', baseUrl: LLM_PROVIDER_BASE_URLS.deepseek },
  { value: LlmProvider.Qianwen, label: '通义千问', baseUrl: LLM_PROVIDER_BASE_URLS.qianwen },
  { value: LlmProvider.Hunyuan, label: '腾讯混元', baseUrl: LLM_PROVIDER_BASE_URLS.hunyuan },
  { value: LlmProvider.Qianfan, label: '百度千帆', baseUrl: LLM_PROVIDER_BASE_URLS.qianfan },
  { value: LlmProvider.Doubao, label: '豆包', baseUrl: LLM_PROVIDER_BASE_URLS.doubao },
  { value: LlmProvider.Xunfei, label: '讯飞星火', baseUrl: LLM_PROVIDER_BASE_URLS.xunfei },
  { value: LlmProvider.Kimi, label: 'Kimi', baseUrl: LLM_PROVIDER_BASE_URLS.kimi },
  { value: LlmProvider.Siliconflow, label: '硅基流动', baseUrl: LLM_PROVIDER_BASE_URLS.siliconflow },
  { value: LlmProvider.Gitee, label: 'Gitee AI', baseUrl: LLM_PROVIDER_BASE_URLS.gitee },
  { value: LlmProvider.Custom, label: '自定义', baseUrl: LLM_PROVIDER_BASE_URLS.custom },
] as const satisfies readonly (TEnumOption<TLlmProvider> & { baseUrl: string })[];
