import type { TEnumOption } from './enum-option';

/** Whether a category holds documents or articles, spec §3. */
export const CategoryType = {
  Document: 0,
  Article: 1,
} as const;
export type TCategoryType = (typeof CategoryType)[keyof typeof CategoryType];

export const CATEGORY_TYPE_OPTIONS = [
  { value: CategoryType.Document, label: '文档' },
  { value: CategoryType.Article, label: '文章' },
] as const satisfies readonly TEnumOption<TCategoryType>[];
