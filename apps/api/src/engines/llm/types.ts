import type { TLlmProvider } from '@wenku/contracts';
import type { Outbound } from '../outbound';

export type LlmRole = 'system' | 'user' | 'assistant';

/** Where a request goes: the `llm` config section's provider, base URL, key and model. */
export interface LlmEndpoint {
  provider: TLlmProvider;
  /** '' = the provider's default */
  baseUrl: string;
  apiKey: string;
  /** '' = the preset's model (chat model for chat, embedding model for embed) */
  model: string;
  /** the server's outbound client (address filter, OUTBOUND_ALLOW_HOSTS); the strict default when absent */
  outbound?: Outbound;
}

export interface LlmChatRequest {
  messages: { role: LlmRole; content: string }[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export type LlmEvent = { type: 'delta'; content: string } | { type: 'usage'; promptTokens: number; completionTokens: number };

export interface LlmOptions {
  /** default 15000: until response headers */
  connectTimeoutMs?: number;
  /** default 60000: between chunks */
  idleTimeoutMs?: number;
  /** default 2: only before the first delta, only on network errors/429/5xx, with backoff 500ms*2^n */
  retries?: number;
}

export type LlmErrorCode = 'unauthorized' | 'rate_limited' | 'timeout' | 'upstream' | 'aborted' | 'bad_response' | 'config';

/**
 * A failed LLM call. `message` is Chinese, readable by an administrator, and carries neither the API key nor anything
 * the upstream sent (its status at most): what answered may not be an LLM at all. `detail` is the upstream's own
 * error text (key removed) for the server log, never for an answer.
 */
export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
    readonly detail = '',
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
