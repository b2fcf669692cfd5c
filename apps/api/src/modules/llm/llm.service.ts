import type { TLlmModel, TLlmProvider } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { chatStream, LlmError, type LlmEndpoint } from '../../engines/llm';
import type { Outbound } from '../../engines/outbound';
import type { Logger } from '../../kernel/module';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { countTokens } from '../../lib/text';
import type { ConfigService } from '../config/config.service';
import type { LlmModelRow, LlmRepo } from './llm.repo';

const MASK = '******';

/** A model as its users call it: where to send, and the name shown (with an answer, in the index's admin page). */
export interface ResolvedModel {
  ep: LlmEndpoint;
  name: string;
}

export interface LlmDeps {
  db: Db;
  repo: LlmRepo;
  settings: ConfigService;
  /** the server's outbound client: model base URLs are typed in the settings (issue 25 §12) */
  outbound: Outbound;
  log: Logger;
}

export interface LlmModelInput {
  title?: string;
  provider?: string;
  model?: string;
  base_url?: string;
  api_key?: string;
  kind?: 'chat' | 'embedding';
  enable?: boolean;
  is_default?: boolean;
  sort?: number;
}

function modelJson(r: LlmModelRow): TLlmModel {
  return {
    id: r.id,
    title: r.title,
    provider: r.provider as TLlmProvider,
    model: r.model,
    base_url: r.baseUrl,
    api_key: r.apiKey ? MASK : '',
    kind: r.kind as TLlmModel['kind'],
    enable: r.enable,
    is_default: r.isDefault,
    from_config: false,
    sort: r.sort,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * The configured models, owner of `llm_models`: config/llm's chat and embedding models and the ai/llm list beside
 * them; which one answers chat (`chatModel`) and which ones can embed, in order of preference (`embeddingModels`);
 * the administrators' list, edits and a streamed test. Chat and the AI index call models only through what this
 * resolves.
 */
export class LlmService {
  constructor(private readonly deps: LlmDeps) {}

  /** Where to call a model: every call goes out through the guarded outbound client. */
  private endpointOf(provider: string, baseUrl: string, apiKey: string, model: string): LlmEndpoint {
    return { provider: provider as TLlmProvider, baseUrl, apiKey, model, outbound: this.deps.outbound };
  }

  private fromRow(r: LlmModelRow): ResolvedModel {
    return { ep: this.endpointOf(r.provider, r.baseUrl, r.apiKey, r.model), name: r.model };
  }

  /** The chat model: a list row marked default, else config/llm's keys, else the first enabled list row. */
  async chatModel(): Promise<ResolvedModel> {
    const [llm, rows] = await Promise.all([this.deps.settings.get('llm'), this.deps.repo.models('chat')]);
    const enabled = rows.filter((r) => r.enable);
    const def = enabled.find((r) => r.isDefault);
    if (def) return this.fromRow(def);
    if (llm.model) return { ep: this.endpointOf(llm.provider, llm.base_url, llm.api_key, llm.model), name: llm.model };
    if (enabled[0]) return this.fromRow(enabled[0]);
    throw new AppError('unavailable', '管理员尚未配置对话模型');
  }

  /**
   * Every embedding endpoint the configuration names, in the order of preference: an enabled list row of kind
   * embedding marked default, else config llm.embedding_model with config llm's provider, URL and key, then the
   * other enabled embedding rows. Empty: no embedding model (keyword retrieval only).
   */
  async embeddingModels(): Promise<ResolvedModel[]> {
    const [llm, rows] = await Promise.all([this.deps.settings.get('llm'), this.deps.repo.models('embedding')]);
    const enabled = rows.filter((r) => r.enable && r.model);
    const out: ResolvedModel[] = [];
    const def = enabled.find((r) => r.isDefault);
    if (def) out.push(this.fromRow(def));
    if (llm.embedding_model) {
      out.push({ ep: this.endpointOf(llm.provider, llm.base_url, llm.api_key, llm.embedding_model), name: llm.embedding_model });
    }
    for (const r of enabled) if (r !== def) out.push(this.fromRow(r));
    return out;
  }

  // ---------------------------------------------------------------- admin

  /** The ai/llm list: config/llm's chat and embedding models first (id 0, read-only here), then the saved ones. */
  async listModels(kind?: 'chat' | 'embedding') {
    const [llm, rows] = await Promise.all([this.deps.settings.get('llm'), this.deps.repo.models(kind)]);
    const fromConfig: TLlmModel[] = [];
    const anyDefault = (k: string) => rows.some((r) => r.kind === k && r.enable && r.isDefault);
    const cfg = (k: 'chat' | 'embedding', model: string): TLlmModel => ({
      id: 0,
      title: k === 'chat' ? '系统配置（对话）' : '系统配置（向量）',
      provider: llm.provider as TLlmProvider,
      model,
      base_url: llm.base_url,
      api_key: llm.api_key ? MASK : '',
      kind: k,
      enable: llm.enable,
      is_default: !anyDefault(k),
      from_config: true,
      sort: -1,
      created_at: new Date(0).toISOString(),
    });
    if (llm.model && (!kind || kind === 'chat')) fromConfig.push(cfg('chat', llm.model));
    if (llm.embedding_model && (!kind || kind === 'embedding')) fromConfig.push(cfg('embedding', llm.embedding_model));
    const model = [...fromConfig, ...rows.map(modelJson)];
    return { total: model.length, model };
  }

  async saveModel(id: number | undefined, body: LlmModelInput): Promise<TLlmModel> {
    const existing = id !== undefined ? await this.deps.repo.model(id) : undefined;
    if (id !== undefined && !existing) throw notFound('模型不存在');
    const v: Partial<LlmModelRow> = {};
    if (body.title !== undefined) v.title = body.title;
    if (body.provider !== undefined) v.provider = body.provider;
    if (body.model !== undefined) v.model = body.model;
    if (body.base_url !== undefined) v.baseUrl = body.base_url;
    if (body.api_key !== undefined && body.api_key !== MASK) v.apiKey = body.api_key;
    if (body.kind !== undefined) v.kind = body.kind;
    if (body.enable !== undefined) v.enable = body.enable;
    if (body.is_default !== undefined) v.isDefault = body.is_default;
    if (body.sort !== undefined) v.sort = body.sort;
    const provider = v.provider ?? existing?.provider ?? '';
    if (provider === 'custom' && !(v.baseUrl ?? existing?.baseUrl)) throw badRequest('自定义服务商需要填写接口地址');
    if (v.isDefault) v.kind = v.kind ?? existing?.kind ?? 'chat';
    const row = await this.deps.db.transaction((tx) => this.deps.repo.saveModel(tx, id, v));
    if (!row) throw notFound('模型不存在');
    return modelJson(row);
  }

  deleteModels(ids: number[]): Promise<number> {
    return this.deps.repo.deleteModels(ids);
  }

  /** The model a test goes to: id 0 is config/llm's chat model. */
  async modelForTest(id: number): Promise<ResolvedModel> {
    if (id === 0) {
      const llm = await this.deps.settings.get('llm');
      if (!llm.model) throw badRequest('系统配置中尚未填写对话模型');
      return { ep: this.endpointOf(llm.provider, llm.base_url, llm.api_key, llm.model), name: llm.model };
    }
    const r = await this.deps.repo.model(id);
    if (!r) throw notFound('模型不存在');
    if (r.kind !== 'chat') throw badRequest('向量模型不能对话，请测试对话模型');
    return this.fromRow(r);
  }

  /** A one-line prompt to a model, streamed: deltas, then first-token and total latency. */
  async *testModel(id: number, prompt: string, signal: AbortSignal): AsyncGenerator<Record<string, unknown>> {
    const m = await this.modelForTest(id);
    const started = performance.now();
    let first = 0;
    let usage = { prompt_tokens: 0, completion_tokens: 0 };
    let text = '';
    try {
      for await (const e of chatStream(m.ep, { messages: [{ role: 'user', content: prompt }], maxTokens: 256, signal })) {
        if (e.type === 'delta') {
          if (!first) first = performance.now() - started;
          text += e.content;
          yield { type: 'delta', content: e.content };
        } else usage = { prompt_tokens: e.promptTokens, completion_tokens: e.completionTokens };
      }
      if (!usage.completion_tokens) usage = { prompt_tokens: countTokens(prompt), completion_tokens: countTokens(text) };
      yield { type: 'done', latency_ms: Math.round(performance.now() - started), first_token_ms: Math.round(first), usage };
    } catch (e) {
      // what the upstream said goes to the server log only
      if (e instanceof LlmError && e.detail) this.deps.log.warn('llm call failed', { code: e.code, status: e.status, detail: e.detail.slice(0, 500) });
      yield { type: 'error', code: e instanceof LlmError ? e.code : 'upstream', message: (e as Error).message };
    }
  }
}
