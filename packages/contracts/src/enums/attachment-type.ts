import type { TEnumOption } from './enum-option';

/** What an uploaded attachment belongs to, spec §3. */
export const AttachmentType = {
  Unknown: 0,
  Avatar: 1,
  Document: 2,
  Article: 3,
  Comment: 4,
  Banner: 5,
  CategoryCover: 6,
  Config: 7,
  SpiderDocument: 8,
} as const;
export type TAttachmentType = (typeof AttachmentType)[keyof typeof AttachmentType];

export const ATTACHMENT_TYPE_OPTIONS = [
  { value: AttachmentType.Unknown, label: '未知' },
  { value: AttachmentType.Avatar, label: '头像' },
  { value: AttachmentType.Document, label: '文档' },
  { value: AttachmentType.Article, label: '文章' },
  { value: AttachmentType.Comment, label: '评论' },
  { value: AttachmentType.Banner, label: '横幅' },
  { value: AttachmentType.CategoryCover, label: '分类封面' },
  { value: AttachmentType.Config, label: '配置' },
  { value: AttachmentType.SpiderDocument, label: '采集文档' },
] as const satisfies readonly TEnumOption<TAttachmentType>[];
