import { LLM_PROVIDER_BASE_URLS, type TLlmProvider } from '@wenku/contracts';
import { LlmError, type LlmEndpoint } from './types';

/**
 * Defaults per provider. Every provider is reached through its OpenAI-compatible API with the key sent as
 * `Authorization: Bearer <key>` (Xunfei Spark's HTTP API takes its APIPassword the same way); Ollama needs no key.
 * An empty embedding model means the vendor has no OpenAI-compatible embeddings endpoint (DeepSeek, Kimi, Xunfei).
 */
const MODELS: Readonly<Record<TLlmProvider, { chatModel: string; embeddingModel: string }>> = {
  ollama: { chatModel: 'qwen2.5', embeddingModel: 'nomic-embed-text' },
  deepseek: { chatModel: 'deepseek-chat', embeddingModel: '' },
  qianwen: { chatModel: 'qwen-plus', embeddingModel: 'text-embedding-v3' },
  hunyuan: { chatModel: 'hunyuan-turbos-latest', embeddingModel: 'hunyuan-embedding' },
  qianfan: { chatModel: 'ernie-4.0-turbo-8k', embeddingModel: 'embedding-v1' },
  doubao: { chatModel: 'doubao-1-5-pro-32k-250115', embeddingModel: 'doubao-embedding-text-240715' },
  xunfei: { chatModel: 'generalv3.5', embeddingModel: '' },
  kimi: { chatModel: 'moonshot-v1-8k', embeddingModel: '' },
  siliconflow: { chatModel: 'Qwen/Qwen2.5-7B-Instruct', embeddingModel: 'BAAI/bge-m3' },
  gitee: { chatModel: 'Qwen2.5-72B-Instruct', embeddingModel: 'bge-m3' },
  custom: { chatModel: '', embeddingModel: '' },
};

/** preset per provider: base URL, default chat + embedding model */
export function providerPreset(p: TLlmProvider): { baseUrl: string; chatModel: string; embeddingModel: string } {
  const m = MODELS[p];
  if (!m) throw new LlmError('config', `不支持的大模型服务商：${String(p)}`);
  return { baseUrl: LLM_PROVIDER_BASE_URLS[p], ...m };
}

export interface ResolvedBase {
  /** without trailing slash */
  base: string;
  /** 'ollama' when an Ollama base URL does not end in /v1: the native /api/chat, /api/embed protocol */
  native: 'openai' | 'ollama';
}

/**
 * The base URL requests go to: the configured one (scheme optional, trailing slashes and a pasted
 * `/chat/completions` or `/embeddings` dropped) or the provider's default.
 */
export function resolveBase(ep: LlmEndpoint): ResolvedBase {
  let raw = (ep.baseUrl ?? '').trim() || providerPreset(ep.provider).baseUrl;
  if (!raw) throw new LlmError('config', '请填写大模型接口地址');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) raw = `http://${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LlmError('config', '大模型接口地址格式不正确');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LlmError('config', '大模型接口地址必须以 http:// 或 https:// 开头');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/(chat\/completions|embeddings)$/, '');
  const base = `${url.origin}${path}`;
  if (ep.provider === 'ollama' && !/\/v1$/.test(path)) return { base: base.replace(/\/api$/, ''), native: 'ollama' };
  return { base, native: 'openai' };
}

export function chatModel(ep: LlmEndpoint): string {
  const m = ep.model.trim() || providerPreset(ep.provider).chatModel;
  if (!m) throw new LlmError('config', '请填写对话模型名称');
  return m;
}

export function embeddingModel(ep: LlmEndpoint): string {
  const m = ep.model.trim() || providerPreset(ep.provider).embeddingModel;
  if (!m) throw new LlmError('config', '请填写向量模型名称（该服务商没有默认的向量模型）');
  return m;
}

export function requestHeaders(ep: LlmEndpoint, accept: string): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json', Accept: accept };
  const key = ep.apiKey.trim();
  if (key) h.Authorization = `Bearer ${key}`;
  return h;
}

/** the exact URL and headers a chat request goes to */
export function chatRequestTarget(ep: LlmEndpoint, stream: boolean): { url: string; headers: Record<string, string>; native: 'openai' | 'ollama' } {
  const { base, native } = resolveBase(ep);
  if (native === 'ollama') return { url: `${base}/api/chat`, headers: requestHeaders(ep, stream ? 'application/x-ndjson' : 'application/json'), native };
  return { url: `${base}/chat/completions`, headers: requestHeaders(ep, stream ? 'text/event-stream' : 'application/json'), native };
}
