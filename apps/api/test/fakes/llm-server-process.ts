/**
 * The fake OpenAI-compatible model as a process of its own, for the browser journeys and for trying the chat by hand:
 * `node --import tsx test/fakes/llm-server-process.ts` (from apps/api). Prints one JSON line `{"url", "ollamaUrl",
 * "apiKey"}`; answers stream a few characters at a time with a short delay so that streaming and 停止 can be seen.
 * Env: FAKE_LLM_TOKEN_MS (40), FAKE_LLM_KEY (sk-fake-wenku). Stops on SIGTERM.
 */
import { startFakeLlm } from './llm-server';

const apiKey = process.env.FAKE_LLM_KEY || 'sk-fake-wenku';
const tokenDelayMs = Number(process.env.FAKE_LLM_TOKEN_MS ?? 40);
const llm = await startFakeLlm({ apiKey, defaults: { tokenDelayMs, chunkChars: 2 } });
process.stdout.write(`${JSON.stringify({ url: llm.url, ollamaUrl: llm.ollamaUrl, apiKey })}\n`);
process.on('SIGTERM', () => void llm.close().then(() => process.exit(0)));
