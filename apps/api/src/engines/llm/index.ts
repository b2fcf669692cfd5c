/**
 * Large-language-model client: one OpenAI-compatible protocol for every provider (SSE streaming over Node's fetch),
 * plus Ollama's native /api/chat (NDJSON) and /api/embed when its base URL does not end in /v1.
 * Details: docs/vendors.md, "LLM providers".
 */
export type { LlmRole, LlmEndpoint, LlmChatRequest, LlmEvent, LlmOptions, LlmErrorCode } from './types';
export { LlmError } from './types';
export { chatStream, chatComplete, embed, LLM_CONNECT_TIMEOUT_MS, LLM_IDLE_TIMEOUT_MS, LLM_RETRIES } from './client';
export { providerPreset, chatRequestTarget } from './presets';
export { LineDecoder, sseData, sseDataPayloads, readLines, vendorMessage, SSE_DONE } from './parse';
