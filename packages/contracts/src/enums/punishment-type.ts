import type { TEnumOption } from './enum-option';

/** Restrictions an administrator can put on one user, spec §3 and §6. */
export const PunishmentType = {
  DisableAccount: 1,
  NoComment: 2,
  NoUpload: 3,
  NoDownload: 4,
  NoFavorite: 5,
  NoArticle: 6,
} as const;
export type TPunishmentType = (typeof PunishmentType)[keyof typeof PunishmentType];

export const PUNISHMENT_TYPE_OPTIONS = [
  { value: PunishmentType.DisableAccount, label: '禁用账户' },
  { value: PunishmentType.NoComment, label: '禁止评论' },
  { value: PunishmentType.NoUpload, label: '禁止上传' },
  { value: PunishmentType.NoDownload, label: '禁止下载' },
  { value: PunishmentType.NoFavorite, label: '禁止收藏' },
  { value: PunishmentType.NoArticle, label: '禁止发布文章' },
] as const satisfies readonly TEnumOption<TPunishmentType>[];
