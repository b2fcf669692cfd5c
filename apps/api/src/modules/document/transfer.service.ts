import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { SUPPORTED_DOCUMENT_EXTS, PunishmentType, AttachmentType, DocumentStatus, type TAttachment } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { contentKey, type Storage } from '../../lib/storage';
import { sniffType, isExtCompatible } from '../../engines/convert';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import { DynamicType, type AccountService } from '../account/account.service';
import type { DocumentRepo, AttachmentRow } from './document.repo';
import type { DocumentService, Viewer } from './document.service';

export function toAttachment(a: AttachmentRow, username?: string): TAttachment {
  return { id: a.id, hash: a.hash, user_id: a.userId, username, type: a.type, type_id: a.typeId, enable: a.enable, name: a.name, size: a.size, ext: a.ext, description: a.description, created_at: a.createdAt.toISOString() };
}

const extOfName = (name: string) => path.extname(name).replace(/^\./, '').toLowerCase();

/** Uploads in, downloads out: files stream through here, never buffered whole. */
export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly repo: DocumentRepo,
    private readonly documents: DocumentService,
    private readonly users: UserService,
    private readonly credits: CreditService,
    private readonly settings: ConfigService,
    private readonly punishments: PunishmentService,
    private readonly account: AccountService,
    private readonly storage: Storage,
    private readonly tmpDir: string,
  ) {
    fs.mkdirSync(tmpDir, { recursive: true });
  }

  async maxUploadBytes(): Promise<number> {
    const mb = Number((await this.settings.section('security')).max_document_size) || 50;
    return Math.max(1, mb) * 1024 * 1024;
  }

  private async allowedExts(): Promise<string[]> {
    const allowed = (await this.settings.section('security')).document_allowed_ext;
    return Array.isArray(allowed) && allowed.length ? allowed : [...SUPPORTED_DOCUMENT_EXTS];
  }

  async assertCanUpload(userId: number): Promise<void> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoUpload);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
  }

  async assertExt(filename: string): Promise<string> {
    const ext = extOfName(filename);
    if (!ext || !(SUPPORTED_DOCUMENT_EXTS as readonly string[]).includes(ext)) throw new AppError('unsupported_media_type', `不支持的文件类型：${ext ? `.${ext}` : '无扩展名'}`);
    if (!(await this.allowedExts()).includes(ext)) throw new AppError('unsupported_media_type', `本站不允许上传 .${ext} 文件`);
    return ext;
  }

  /**
   * Streams an upload to a temp file while hashing it (SHA-256) and keeping its first bytes for sniffing; then
   * stores it content-addressed (once per hash) and records an attachment for the uploader.
   */
  async receive(userId: number, ip: string, filename: string, stream: Readable, truncated: () => boolean, maxBytes: number): Promise<TAttachment> {
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
      const row = await this.repo.insertAttachment({ hash: digest, userId, type: AttachmentType.Document, path: key, name: filename.slice(0, 255), size, ext, ip });
      return toAttachment(row);
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  /** Instant upload: the browser sent only the hash; if the bytes are here, the user gets an attachment at once. */
  async checkHash(userId: number, ip: string, body: { hash: string; name: string; size: number }) {
    const ext = await this.assertExt(body.name);
    const { banned, copy } = await this.repo.hashState(body.hash);
    if (banned) throw badRequest('该文件已被禁止上传');
    if (!copy || copy.size !== body.size || !(await this.storage.exists(copy.path))) return { exists: false, attachment: null };
    if (copy.size > (await this.maxUploadBytes())) throw new AppError('payload_too_large', '文件大小超过限制');
    const row = await this.repo.insertAttachment({ hash: body.hash, userId, type: AttachmentType.Document, path: copy.path, name: body.name.slice(0, 255), size: copy.size, ext: copy.ext === ext ? ext : copy.ext, ip });
    return { exists: true, attachment: toAttachment(row) };
  }

  // ---------------- downloads ----------------
  /** Issues a short-lived signed URL after the checks and, for paid documents, the credit transfer. */
  async downloadUrl(viewer: Viewer, id: number, ip: string, sign: (payload: object, seconds: number) => string): Promise<string> {
    const cfg = await this.settings.section('download');
    const d = await this.documents.visible({ id }, viewer);
    if (d.status === DocumentStatus.Disabled) throw notFound('文档不存在或已被删除');
    const free = await this.documents.canDownloadFree(d, viewer.userId);
    if (!viewer.userId) {
      if (!(cfg.enable_guest_download === true && d.price <= 0)) throw unauthorized('请登录后下载');
    } else {
      await this.punishments.assertAllowed(viewer.userId, PunishmentType.NoDownload);
    }
    const since = await this.documents.startOfDay();
    const perIp = Number(cfg.times_every_ip) || 0;
    if ((await this.repo.countDownloadsSince({ ip }, since)) >= perIp) throw new AppError('rate_limited', '今日下载次数已达上限（当前网络）');
    if (viewer.userId) {
      const vip = await this.settings.section('vip');
      const user = await this.users.get(viewer.userId);
      const isVip = vip.enable === true && !!user.vipExpireAt && user.vipExpireAt > new Date();
      const perUser = Number(isVip ? vip.times_every_day : cfg.times_every_day) || 0;
      if ((await this.repo.countDownloadsSince({ userId: viewer.userId }, since)) >= perUser) throw new AppError('rate_limited', '今日下载次数已达上限');
    }
    const creditName = String((await this.settings.section('system')).credit_name || '积分');
    const userId = viewer.userId ?? 0;
    await this.db.transaction(async (tx) => {
      let pay = !free && d.price > 0;
      if (pay) {
        // the row lock in credits.change serialises this user's downloads; re-check inside it so a double click pays once
        await this.repo.lockUser(tx, userId);
        if (await this.repo.lastPaidDownload(userId, d.id, tx)) pay = false;
      }
      if (pay) {
        await this.credits.change(tx, { userId, delta: -d.price, reason: 'download_document', refType: 'document', refId: d.id, remark: `下载文档《${d.title}》` }, `${creditName}不足，下载需要 ${d.price} ${creditName}`);
        await this.credits.change(tx, { userId: d.userId, delta: d.price, reason: 'document_sold', refType: 'document', refId: d.id, remark: `文档《${d.title}》被下载` });
      }
      await this.repo.insertDownload(tx, { userId, documentId: d.id, ip, isPay: pay, price: pay ? d.price : 0 });
      await this.repo.bump(tx, d.id, 'downloadCount', 1);
    });
    if (userId) await this.account.addDynamic(userId, DynamicType.Download, `下载了文档《${d.title}》`);
    const seconds = Math.max(10, Number(cfg.url_duration) || 60);
    return `/download/${sign({ d: d.id, u: userId }, seconds)}`;
  }

  /** The file behind a signed download URL. */
  async openDownload(documentId: number): Promise<{ stream: Readable; size: number; filename: string }> {
    const d = await this.repo.findDocument({ id: documentId });
    if (!d) throw notFound('文档不存在或已被删除');
    const a = await this.repo.findAttachment(d.attachmentId);
    const key = a?.path ?? contentKey(d.hash, d.ext);
    const stat = await this.storage.stat(key);
    const stream = await this.storage.get(key);
    if (!stream || !stat) throw notFound('文件不存在');
    const base = d.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 200);
    return { stream, size: stat.size, filename: base.toLowerCase().endsWith(`.${d.ext}`) ? base : `${base}.${d.ext}` };
  }

  /** Removes stored files of hashes nothing uses any more. */
  async removeFiles(hashes: string[]) {
    for (const hash of hashes) {
      for (const ext of SUPPORTED_DOCUMENT_EXTS) await this.storage.delete(contentKey(hash, ext)).catch(() => undefined);
      await this.storage.deletePrefix(`pages/${hash}`).catch(() => undefined);
      await this.storage.delete(`covers/${hash}.png`).catch(() => undefined);
    }
  }
}
