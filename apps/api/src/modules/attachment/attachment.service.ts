import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { SUPPORTED_DOCUMENT_EXTS, PunishmentType, AttachmentType, IMAGE_EXTS, type TAttachment, type TUploadChallenge } from '@wenku/contracts';
import type { Tx } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { contentKey, type Storage } from '../../lib/storage';
import { sniffType, isExtCompatible } from '../../engines/convert';
import type { ConfigService } from '../config/config.service';
import type { UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import type { AccountService } from '../account/account.service';
import type { AttachmentRepo, AttachmentRow } from './attachment.repo';
import { toAttachment } from './attachment.mapper';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** The image type from its first bytes (SVG is deliberately not accepted: it can carry script). */
export function sniffImage(b: Buffer): string | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (b.length >= 2 && b.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (b.length >= 4 && b.readUInt32BE(0) === 0x00000100) return 'ico';
  return undefined;
}

export type ImageKind = 'avatar' | 'config' | 'category' | 'banner' | 'article';
const IMAGE_TYPE: Record<ImageKind, number> = {
  avatar: AttachmentType.Avatar,
  config: AttachmentType.Config,
  category: AttachmentType.CategoryCover,
  banner: AttachmentType.Banner,
  article: AttachmentType.Article,
};

const extOfName = (name: string) => path.extname(name).replace(/^\./, '').toLowerCase();

/** What an instant upload must show of the file: this many ranges of this many bytes, picked by the server. */
export const PROOF_RANGES = 3;
export const PROOF_RANGE_BYTES = 64 * 1024;
/** how long a challenge may be answered */
const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * The ranges a challenge asks for: a small file whole; otherwise PROOF_RANGES ranges of PROOF_RANGE_BYTES at random
 * offsets (the server's choice, so nobody can prepare the answer without the bytes).
 */
export function pickRanges(size: number): { offset: number; length: number }[] {
  if (size <= PROOF_RANGES * PROOF_RANGE_BYTES) return [{ offset: 0, length: size }];
  return Array.from({ length: PROOF_RANGES }, () => ({ offset: crypto.randomInt(0, size - PROOF_RANGE_BYTES + 1), length: PROOF_RANGE_BYTES }));
}

/**
 * Uploaded files: streamed to a temp file while hashed, sniffed from their bytes, stored once per hash
 * (content-addressed), recorded per uploader; a disabled attachment bans its hash for everyone.
 */
export class AttachmentService {
  constructor(
    private readonly repo: AttachmentRepo,
    private readonly users: UserService,
    private readonly settings: ConfigService,
    private readonly punishments: PunishmentService,
    private readonly account: AccountService,
    private readonly storage: Storage,
    private readonly tmpDir: string,
    /** the server's secret (JWT_SECRET): challenges are signed with a key derived from it, so any API process checks them */
    secret: string,
  ) {
    fs.mkdirSync(tmpDir, { recursive: true });
    this.challengeKey = crypto.createHmac('sha256', secret).update('wenku:instant-upload-challenge').digest();
  }

  private readonly challengeKey: Buffer;

  async maxUploadBytes(): Promise<number> {
    const mb = (await this.settings.get('security')).max_document_size;
    return Math.max(1, mb) * 1024 * 1024;
  }

  private async allowedExts(): Promise<string[]> {
    const allowed = (await this.settings.get('security')).document_allowed_ext;
    return Array.isArray(allowed) && allowed.length ? allowed : [...SUPPORTED_DOCUMENT_EXTS];
  }

  async assertCanUpload(userId: number): Promise<void> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoUpload);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
  }

  async assertExt(filename: string): Promise<string> {
    const ext = extOfName(filename);
    if (!ext || !(SUPPORTED_DOCUMENT_EXTS as readonly string[]).includes(ext))
      throw new AppError('unsupported_media_type', `不支持的文件类型：${ext ? `.${ext}` : '无扩展名'}`);
    if (!(await this.allowedExts()).includes(ext)) throw new AppError('unsupported_media_type', `本站不允许上传 .${ext} 文件`);
    return ext;
  }

  /**
   * Streams a document upload to a temp file while hashing it (SHA-256) and keeping its first bytes for sniffing;
   * then stores it content-addressed (once per hash) and records an attachment for the uploader. Answers the row
   * (with its content hash, for the server's own use); answers to clients go through `toAttachment`.
   */
  async receiveDocument(
    userId: number,
    ip: string,
    filename: string,
    stream: Readable,
    truncated: () => boolean,
    maxBytes: number,
    type: number = AttachmentType.Document,
  ): Promise<AttachmentRow> {
    const ext = await this.assertExt(filename);
    const tmp = path.join(this.tmpDir, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        hash.update(chunk);
        if (head.length < 8192) head = Buffer.concat([head, chunk.subarray(0, 8192 - head.length)]);
        cb(null, chunk);
      },
    });
    try {
      await pipeline(stream, tap, fs.createWriteStream(tmp));
      if (truncated() || size > maxBytes) throw new AppError('payload_too_large', `文件大小超过限制（最大 ${Math.round(maxBytes / 1048576)} MB）`);
      if (size === 0) throw badRequest('文件为空');
      const sniff = sniffType(head);
      if (!isExtCompatible(ext, sniff)) throw new AppError('unsupported_media_type', `文件内容与扩展名 .${ext} 不符，请检查文件`);
      const digest = hash.digest('hex');
      if (await this.repo.isHashBanned(digest)) throw badRequest('该文件已被禁止上传');
      const key = contentKey(digest, ext);
      if (!(await this.storage.exists(key))) await this.storage.put(key, fs.createReadStream(tmp));
      return await this.repo.insert({ hash: digest, userId, type, path: key, name: filename.slice(0, 255), size, ext, ip });
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  /**
   * Instant upload (秒传): the browser sent the hash and size of a file. When the server holds those bytes, the
   * caller must show it holds them too before it gets an attachment: the first call answers a challenge (random
   * ranges of the file and a token signed for this user, file and size), the second brings the token and the SHA-256
   * of those ranges' bytes, which the server reads from its own copy and compares. The content hash alone is
   * therefore no key to a file, whoever learnt it. A wrong proof answers no attachment and no new challenge: the
   * browser uploads the file instead.
   */
  async checkHash(
    userId: number,
    ip: string,
    body: { hash: string; name: string; size: number; challenge?: string; proof?: string },
  ): Promise<{ exists: boolean; attachment: AttachmentRow | null; challenge?: TUploadChallenge | null }> {
    const ext = await this.assertExt(body.name);
    const { banned, copy } = await this.repo.hashState(body.hash);
    if (banned) throw badRequest('该文件已被禁止上传');
    if (!copy || copy.size !== body.size || !(await this.storage.exists(copy.path))) return { exists: false, attachment: null };
    if (copy.size > (await this.maxUploadBytes())) throw new AppError('payload_too_large', '文件大小超过限制');
    const ranges = body.challenge && body.proof ? this.openChallenge(body.challenge, userId, body.hash, copy.size) : undefined;
    // no answer yet, or one to a challenge that is not this user's, this file's or still valid: a new challenge
    if (!ranges || !body.proof) return { exists: true, attachment: null, challenge: this.makeChallenge(userId, body.hash, copy.size) };
    if (!(await this.proves(copy.path, ranges, body.proof))) return { exists: true, attachment: null, challenge: null };
    const row = await this.repo.insert({
      hash: body.hash,
      userId,
      type: AttachmentType.Document,
      path: copy.path,
      name: body.name.slice(0, 255),
      size: copy.size,
      ext: copy.ext === ext ? ext : copy.ext,
      ip,
    });
    return { exists: true, attachment: row };
  }

  /** A challenge for this user, file and size: the ranges to show, and a token only this server can have signed. */
  private makeChallenge(userId: number, hash: string, size: number): TUploadChallenge {
    const ranges = pickRanges(size);
    const payload = Buffer.from(
      JSON.stringify({ u: userId, h: hash, s: size, r: ranges.map((r) => [r.offset, r.length]), e: Date.now() + CHALLENGE_TTL_MS }),
    ).toString('base64url');
    return { token: `${payload}.${this.sign(payload)}`, ranges };
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.challengeKey).update(payload).digest('base64url');
  }

  /** The ranges of a token this server signed for this user, file and size, while it is valid; else undefined. */
  private openChallenge(token: string, userId: number, hash: string, size: number): { offset: number; length: number }[] | undefined {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const want = Buffer.from(this.sign(payload));
    const got = Buffer.from(mac);
    if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return undefined;
    try {
      const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: number; h: string; s: number; r: [number, number][]; e: number };
      if (c.u !== userId || c.h !== hash || c.s !== size || !(c.e > Date.now())) return undefined;
      return c.r.map(([offset, length]) => ({ offset, length }));
    } catch {
      return undefined;
    }
  }

  /** Whether `proof` is the SHA-256 of these ranges of the stored file, read in order. */
  private async proves(key: string, ranges: { offset: number; length: number }[], proof: string): Promise<boolean> {
    const digest = crypto.createHash('sha256');
    for (const r of ranges) {
      const stream = await this.storage.get(key, { start: r.offset, end: r.offset + r.length - 1 });
      if (!stream) return false;
      let read = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        digest.update(chunk);
        read += chunk.length;
      }
      if (read !== r.length) return false;
    }
    const want = digest.digest();
    const got = Buffer.from(proof, 'hex');
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  }

  /** An uploaded image (avatar, logo, cover, banner, article picture), sniffed and stored once per hash. */
  async receiveImage(kind: ImageKind, userId: number, ip: string, filename: string, buf: Buffer): Promise<TAttachment & { url: string }> {
    if (!buf.length) throw badRequest('文件为空');
    const ext = sniffImage(buf);
    const named = extOfName(filename);
    if (!ext || !(IMAGE_EXTS as readonly string[]).includes(named)) throw new AppError('unsupported_media_type', '只支持 JPG、PNG、GIF、WEBP、BMP、ICO 图片');
    const hash = crypto.createHash('sha256').update(buf).digest('hex');
    const key = `images/${hash.slice(0, 2)}/${hash}.${ext}`;
    if (!(await this.storage.exists(key))) await this.storage.put(key, buf, { contentType: IMAGE_MIME[ext] });
    const row = await this.repo.insert({
      hash,
      userId,
      type: IMAGE_TYPE[kind],
      typeId: kind === 'avatar' ? userId : 0,
      path: key,
      name: filename.slice(0, 255),
      size: buf.length,
      ext,
      mime: IMAGE_MIME[ext],
      ip,
    });
    const url = `/uploads/${key}`;
    if (kind === 'avatar') await this.account.setAvatar(userId, url);
    return { ...toAttachment(row), url };
  }

  /** An image stored by `receiveImage`, by its key below /uploads/. */
  async openImage(key: string): Promise<{ stream: Readable; mime: string } | undefined> {
    const m = /^images\/[a-f0-9]{2}\/([a-f0-9]{64})\.(\w+)$/.exec(key);
    if (!m || !IMAGE_MIME[m[2]]) return undefined;
    const stream = await this.storage.get(key);
    return stream ? { stream, mime: IMAGE_MIME[m[2]] } : undefined;
  }

  /** Whether a URL is an image this site stored (`/uploads/images/…` of an existing attachment). */
  async isSiteImage(url: string): Promise<boolean> {
    const m = /^\/uploads\/(images\/[a-f0-9]{2}\/[a-f0-9]{64}\.\w+)$/.exec(url);
    return !!m && (await this.repo.pathExists(m[1]));
  }

  /** The uploader's own, unused, enabled document attachments, by id (for creating documents); `type` 8 for the collector's. */
  async forNewDocuments(userId: number, ids: number[], type: number = AttachmentType.Document): Promise<Map<number, AttachmentRow>> {
    const byId = new Map((await this.repo.byIds(ids)).map((a) => [a.id, a]));
    for (const id of ids) {
      const a = byId.get(id);
      if (!a || a.userId !== userId || a.type !== type || a.deletedAt) throw badRequest('上传的文件不存在，请重新上传');
      if (a.typeId) throw badRequest(`文件「${a.name}」已经提交过了`);
      if (!a.enable) throw badRequest(`文件「${a.name}」已被禁止上传`);
    }
    return byId;
  }

  /** Marks an attachment as used by a document (inside the document's transaction). */
  link(tx: Tx, id: number, documentId: number) {
    return this.repo.link(tx, id, documentId);
  }

  /** The storage key of an attachment's bytes. */
  async fileKey(id: number, hash: string, ext: string): Promise<string> {
    return (await this.repo.find(id))?.path ?? contentKey(hash, ext);
  }

  /** The storage key of a file's bytes by its hash alone (any live copy's path, else the content-addressed key). */
  async fileKeyOfHash(hash: string, ext: string): Promise<string> {
    return (await this.repo.hashState(hash)).copy?.path ?? contentKey(hash, ext);
  }

  /** Of these hashes, those no live attachment uses any more. */
  async unusedHashes(hashes: string[]): Promise<string[]> {
    const used = await this.repo.hashesInUse(hashes);
    return hashes.filter((h) => !used.has(h));
  }

  /** Removes the original files of hashes nothing uses any more. */
  async removeFiles(hashes: string[]) {
    for (const hash of hashes) {
      for (const ext of SUPPORTED_DOCUMENT_EXTS) await this.storage.delete(contentKey(hash, ext)).catch(() => undefined);
    }
  }

  // ---------------- admin ----------------
  async list(q: Parameters<AttachmentRepo['list']>[0]) {
    const { rows, total } = await this.repo.list(q);
    const names = new Map((await this.users.byIds(rows.map((r) => r.userId))).map((u) => [u.id, u.username]));
    return { total, attachment: rows.map((a) => toAttachment(a, names.get(a.userId) ?? '')) };
  }

  async get(id: number) {
    const a = await this.repo.find(id);
    if (!a || a.deletedAt) throw notFound('附件不存在');
    return toAttachment(a);
  }

  /** Disabling an attachment bans its hash: no one can upload those bytes again. */
  async update(body: { id: number; name?: string; description?: string; enable?: boolean }) {
    const a = await this.repo.find(body.id);
    if (!a || a.deletedAt) throw notFound('附件不存在');
    const patch = Object.fromEntries(Object.entries({ name: body.name, description: body.description }).filter(([, v]) => v !== undefined));
    const row = Object.keys(patch).length ? await this.repo.update(a.id, patch) : a;
    if (body.enable !== undefined && body.enable !== a.enable) await this.repo.setHashEnabled(a.hash, body.enable);
    return toAttachment({ ...row, enable: body.enable ?? a.enable });
  }

  remove(ids: number[]) {
    return this.repo.softDelete(ids);
  }
}
