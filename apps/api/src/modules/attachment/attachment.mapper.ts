import crypto from 'node:crypto';
import type { TAttachment } from '@wenku/contracts';
import type { AttachmentRow } from './attachment.repo';

/**
 * A file's public view key: the digest the attachments' and documents' generated `view_key` columns hold. Answers
 * name a file by it (moredoc's `attachment.hash`, page and cover URLs, ETags), never by its content hash, which the
 * instant upload accepts as the file's name (POST /upload/document/check).
 */
export const viewKeyOf = (hash: string) => crypto.createHash('sha256').update(`wenku-view:${hash}`).digest('hex');

/** An attachment as answers show it: the file by its view key (`hash`), never its content hash. */
export function toAttachment(a: AttachmentRow, username?: string): TAttachment {
  return {
    id: a.id,
    hash: a.viewKey,
    user_id: a.userId,
    username,
    type: a.type,
    type_id: a.typeId,
    enable: a.enable,
    name: a.name,
    size: a.size,
    ext: a.ext,
    description: a.description,
    created_at: a.createdAt.toISOString(),
  };
}
