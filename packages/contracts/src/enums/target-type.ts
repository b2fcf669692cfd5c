import type { TEnumOption } from './enum-option';

/** What a comment, favourite or score is about (moredoc stores both in the same tables with a `type`). */
export const TargetType = {
  Document: 0,
  Article: 1,
} as const;
export type TTargetType = (typeof TargetType)[keyof typeof TargetType];

export const TARGET_TYPE_OPTIONS = [
  { value: TargetType.Document, label: '文档' },
  { value: TargetType.Article, label: '文章' },
] as const satisfies readonly TEnumOption<TTargetType>[];
