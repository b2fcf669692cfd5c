import { z } from 'zod';
import type { TLicense, TRelease } from '@wenku/contracts';
import type { ConfigService } from '../config/config.service';
import type { Logger } from '../../kernel/module';
import { buildInfo } from './build-info';
import { OutboundError, type Outbound } from '../../engines/outbound';

/** Where the release state lives in the configs table (not a settings page: PUT /config cannot change it). */
const CATEGORY = 'release';
/** GET /release reads the source again when its last answer is older than this. */
const RECHECK_MS = 6 * 3600_000;
/** The source's answer is small; anything bigger is not a release feed. */
const MAX_FEED_BYTES = 1024 * 1024;

export const MSG_NO_SOURCE = '尚未设置版本源';
export const MSG_UNREACHABLE = '无法连接版本源';
export const MSG_UNREADABLE = '版本源返回的内容无法识别';

/** `v1.2.3`, `1.2`, `1.2.3-beta.1` → comparable parts; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [main, pre = ''] = v.trim().replace(/^v/i, '').split('-', 2);
    return { nums: main.split('.').map((x) => Number.parseInt(x, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  return x.pre < y.pre ? -1 : 1;
}

const text = (max: number) =>
  z
    .unknown()
    .transform((v) => (typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : ''))
    .optional();

/** One release as GitHub, Gitee or a plain JSON file describes it. */
const ZFeedRelease = z.object({
  tag_name: text(64),
  version: text(64),
  name: text(200),
  body: text(20_000),
  notes: text(20_000),
  published_at: text(40),
  created_at: text(40),
  release_at: text(40),
  html_url: text(500),
  url: text(500),
  draft: z.unknown().optional(),
  prerelease: z.unknown().optional(),
});

interface FeedRelease {
  tag_name: string;
  name: string;
  body: string;
  release_at: string;
  url: string;
}

/** The newest stable release in a feed: one release object, or a list (GitHub's /releases) newest first. */
export function pickRelease(json: unknown): FeedRelease | undefined {
  const list = Array.isArray(json) ? json : [json];
  for (const item of list.slice(0, 50)) {
    const r = ZFeedRelease.safeParse(item);
    if (!r.success) continue;
    const f = r.data;
    if (f.draft === true || f.prerelease === true) continue;
    const tag = (f.tag_name || f.version || '').trim();
    if (!/^v?\d+(\.\d+)*([-+][\w.]+)?$/i.test(tag)) continue;
    const url = f.html_url || f.url || '';
    return {
      tag_name: tag,
      name: f.name || tag,
      body: f.body || f.notes || '',
      release_at: f.published_at || f.release_at || f.created_at || '',
      // only links a browser can open safely
      url: /^https?:\/\//i.test(url) ? url : '',
    };
  }
  return undefined;
}

export interface ReleaseOptions {
  /** how long to wait for the source (ms) */
  timeoutMs?: number;
}

/** GitHub and Gitee answer a renamed repository with a redirect: a few are followed, each checked like the first. */
const MAX_REDIRECTS = 3;

/**
 * The release notice: the running version and build, the newest release read from the source the administrator set
 * (a JSON file or a GitHub/Gitee releases URL), "remind me later" and "ignore this version". It never upgrades
 * anything; it only tells.
 */
export class ReleaseService {
  private inflight?: Promise<void>;
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: ConfigService,
    private readonly log: Logger,
    /** the server's outbound client: the source is typed by an administrator */
    private readonly outbound: Outbound,
    opts: ReleaseOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 5000;
  }

  license(): TLicense {
    const b = buildInfo();
    return {
      name: 'Wenku 文库',
      edition: '社区版（开源）',
      license: 'AGPL-3.0-or-later',
      license_name: 'GNU Affero 通用公共许可证第 3 版或更高版本',
      license_url: 'https://www.gnu.org/licenses/agpl-3.0.html',
      source_url: b.repository,
      version: b.version,
    };
  }

  /** The stored state, read from the source first when it is set and the last check is old. */
  async get(): Promise<TRelease> {
    const s = await this.settings.rawSection(CATEGORY);
    const checked = Date.parse(s.checked_at ?? '');
    if (s.source && s.source !== 'none' && !(Date.now() - checked < RECHECK_MS)) await this.check();
    return this.view();
  }

  /** POST /release: read the source now; with `remindAfterDays`, also hide the notice until then. */
  async refresh(remindAfterDays?: number): Promise<TRelease> {
    if (remindAfterDays) {
      await this.settings.saveRawSection(CATEGORY, { remind_at: new Date(Date.now() + remindAfterDays * 86_400_000).toISOString() });
    }
    await this.check();
    return this.view();
  }

  /** PUT /release/ignore: no notice for this version (an empty tag clears it). */
  async ignore(tag: string): Promise<TRelease> {
    await this.settings.saveRawSection(CATEGORY, { ignore: tag });
    return this.view();
  }

  /** PUT /release/source: a new source forgets what the old one said, then reads the new one. */
  async setSource(source: string): Promise<TRelease> {
    await this.settings.saveRawSection(CATEGORY, {
      source: source === 'none' ? '' : source,
      tag_name: '',
      name: '',
      body: '',
      release_at: '',
      url: '',
      checked_at: '',
      error: '',
    });
    await this.check();
    return this.view();
  }

  private async view(): Promise<TRelease> {
    const s = await this.settings.rawSection(CATEGORY);
    const b = buildInfo();
    const remindAt = s.remind_at && Date.parse(s.remind_at) > Date.now() ? s.remind_at : null;
    const tag = s.tag_name ?? '';
    return {
      tag_name: tag,
      name: s.name ?? '',
      body: s.body ?? '',
      release_at: s.release_at ?? '',
      ignore: s.ignore ?? '',
      source: s.source ?? '',
      current: b.version,
      build: b.commit,
      build_at: b.builtAt,
      url: s.url ?? '',
      checked_at: s.checked_at || null,
      remind_at: remindAt,
      has_update: !!tag && compareVersions(tag, b.version) > 0 && tag !== s.ignore && !remindAt,
      error: s.source ? (s.error ?? '') : MSG_NO_SOURCE,
    };
  }

  /** One read of the source at a time; concurrent callers share it. */
  private check(): Promise<void> {
    this.inflight ??= this.doCheck().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async doCheck(): Promise<void> {
    const source = (await this.settings.rawSection(CATEGORY)).source ?? '';
    if (!source) return;
    const now = new Date().toISOString();
    const fail = async (error: string) => this.settings.saveRawSection(CATEGORY, { checked_at: now, error });
    let json: unknown;
    try {
      const res = await this.outbound.fetch(source, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json, application/vnd.github+json', 'user-agent': 'wenku-release-check' },
        maxRedirects: MAX_REDIRECTS,
        maxBytes: MAX_FEED_BYTES,
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return fail(`${MSG_UNREACHABLE}（HTTP ${res.status}）`);
      }
      json = JSON.parse(await readCapped(res, MAX_FEED_BYTES));
    } catch (err) {
      this.log.warn('release check failed', { source, error: (err as Error).message });
      if (err instanceof OutboundError && (err.reason === 'blocked_address' || err.reason === 'scheme' || err.reason === 'credentials'))
        return fail(`${MSG_UNREACHABLE}：${err.message}`);
      const unreadable = err instanceof SyntaxError || (err as Error).message === 'too large' || (err instanceof OutboundError && err.reason === 'too_large');
      return fail(unreadable ? MSG_UNREADABLE : MSG_UNREACHABLE);
    }
    const r = pickRelease(json);
    if (!r) return fail(MSG_UNREADABLE);
    await this.settings.saveRawSection(CATEGORY, { ...r, checked_at: now, error: '' });
  }
}

/** The body as text, refusing to read past `max` bytes. */
async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
