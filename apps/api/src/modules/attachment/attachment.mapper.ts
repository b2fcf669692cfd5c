import type { TAttachment } from '@wenku/contracts';
import type { AttachmentRow } from './attachment.repo';

export function toAttachment(a: AttachmentRow, username?: string): TAttachment {
  return {
    id: a.id,
    hash: a.hash,
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
