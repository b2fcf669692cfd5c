import crypto from 'node:crypto';
import type { LlmEndpoint } from '../../engines/llm';
import type { Logger } from '../../kernel/module';
import type { LlmService } from '../llm/llm.service';
import type { ChunkRepo, ModelRow, VectorEngine } from './chunk.repo';

/** A model's key: provider, base URL and model name (a change in any of them is a new model), within 200 chars. */
export function modelKey(provider: string, baseUrl: string, model: string): string {
  const raw = `${provider}|${baseUrl}|${model}`;
  if (raw.length <= 200) return raw;
  return `${raw.slice(0, 150)}#${crypto.createHash('sha1').update(raw).digest('hex')}`;
}

/** A vector scaled to length 1 (cosine similarity is then a dot product). */
export function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return n > 0 ? v.map((x) => x / n) : v;
}

/** An embedding endpoint with the key its vectors are stored under. */
export interface Embedder {
  key: string;
  name: string;
  ep: LlmEndpoint;
}

export interface ModelStates {
  active?: ModelRow;
  building?: ModelRow;
  retired: ModelRow[];
}

export interface EmbeddingModelsDeps {
  chunks: ChunkRepo;
  llm: Pick<LlmService, 'embeddingModels'>;
  log: Logger;
}

/**
 * The index's embedding models: which vector engine the database has, the model the configuration names (the llm
 * module resolves it), the one answers use (`active`) and the one being built after a change (`building`), and
 * the switch from one to the other once every chunk has its new vector.
 */
export class EmbeddingModels {
  private enginePromise?: Promise<VectorEngine>;

  constructor(private readonly deps: EmbeddingModelsDeps) {}

  /** pgvector (HNSW) or exact `real[]`: decided once, from the column the migration created. */
  engine(): Promise<VectorEngine> {
    this.enginePromise ??= this.deps.chunks.detectEngine().catch((e) => {
      this.enginePromise = undefined;
      throw e;
    });
    return this.enginePromise;
  }

  /** Every embedding endpoint the configuration names, in the order of preference (the first is the configured one). */
  async sources(): Promise<Embedder[]> {
    return (await this.deps.llm.embeddingModels()).map((m) => ({ key: modelKey(m.ep.provider, m.ep.baseUrl, m.ep.model), name: m.name, ep: m.ep }));
  }

  /**
   * How to call a model known by its key (the active one may no longer be the configured one while its successor
   * is built): a configured endpoint with that key, else the key's provider, URL and model with the key of a
   * configured endpoint on the same provider and URL (a renamed model at the same vendor). No key is stored here.
   */
  async endpointFor(key: string, sources?: Embedder[]): Promise<Embedder | null> {
    const all = sources ?? (await this.sources());
    const exact = all.find((s) => s.key === key);
    if (exact) return exact;
    const [provider, baseUrl, ...rest] = key.split('|');
    const model = rest.join('|');
    if (!model || key.includes('#')) return null;
    const same = all.find((s) => s.ep.provider === provider && s.ep.baseUrl === baseUrl);
    return same ? { key, name: model, ep: { ...same.ep, model } } : null;
  }

  async states(): Promise<ModelStates> {
    const rows = await this.deps.chunks.models();
    return {
      active: rows.find((m) => m.state === 'active'),
      building: rows.find((m) => m.state === 'building'),
      retired: rows.filter((m) => m.state === 'retired'),
    };
  }

  /**
   * Follows the configuration: with no model before, the configured one is active at once; a different one becomes
   * `building`, while answers keep using the active model's vectors until the new ones are complete (`maybePromote`).
   * Answers whether a model was added (every document must then be queued again for its vectors).
   */
  async sync(): Promise<boolean> {
    const [cfg] = await this.sources();
    if (!cfg) return false;
    const { active, building } = await this.states();
    if (active?.model === cfg.key) {
      if (building) await this.retire(building.model);
      return false;
    }
    if (building?.model === cfg.key && active) return false;
    if (building && building.model !== cfg.key) await this.retire(building.model);
    await this.deps.chunks.upsertModel(cfg.key, cfg.name, active ? 'building' : 'active');
    this.deps.log.info(active ? 'embedding model changed: re-embedding in the background' : 'embedding model set', { model: cfg.name });
    return true;
  }

  private async retire(model: string) {
    await this.deps.chunks.setModelState(model, 'retired');
    await this.deps.chunks.dropModel(model, await this.engine());
  }

  /**
   * The building model becomes active once every chunk has its vector and `unfinished` (tasks still waiting or
   * running) is 0; the old one goes.
   */
  async maybePromote(unfinished: () => Promise<number>): Promise<boolean> {
    const { active, building, retired } = await this.states();
    for (const r of retired) await this.deps.chunks.dropModel(r.model, await this.engine());
    if (!building) return false;
    if ((await unfinished()) > 0) return false;
    if ((await this.deps.chunks.chunksWithout(building.model)) > 0) return false;
    await this.deps.chunks.promote(building.model);
    if (active) await this.deps.chunks.dropModel(active.model, await this.engine());
    this.deps.log.info('embedding model promoted', { model: building.name });
    return true;
  }
}
