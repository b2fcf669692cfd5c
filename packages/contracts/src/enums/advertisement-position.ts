/** Advertisement positions (spec §3), with where each one shows. */
export const ADVERTISEMENT_POSITIONS = [
  'global_top',
  'global_bottom',
  'index_banner_bottom',
  'index_category_top',
  'index_category_bottom',
  'index_link_top',
  'list_nav_bottom',
  'list_document_top',
  'list_document_bottom',
  'document_top',
  'document_bottom',
  'document_between',
  'user_top',
  'user_document_top',
  'search_top',
  'search_bottom',
  'search_right',
] as const;
export type AdvertisementPosition = (typeof ADVERTISEMENT_POSITIONS)[number];

export const ADVERTISEMENT_POSITION_LABELS: Record<AdvertisementPosition, string> = {
  global_top: '全局顶部',
  global_bottom: '全局底部',
  index_banner_bottom: '首页横幅下方',
  index_category_top: '首页分类上方',
  index_category_bottom: '首页分类下方',
  index_link_top: '首页友链上方',
  list_nav_bottom: '列表页导航下方',
  list_document_top: '列表页文档上方',
  list_document_bottom: '列表页文档下方',
  document_top: '文档页顶部',
  document_bottom: '文档页底部（评论上方）',
  document_between: '文档页页面之间',
  user_top: '用户主页顶部',
  user_document_top: '用户文档列表上方',
  search_top: '搜索页顶部',
  search_bottom: '搜索页底部',
  search_right: '搜索页右侧',
};

/** A position group: `global` → every global_* position, etc. */
export function positionsOfGroup(group: string): AdvertisementPosition[] {
  return ADVERTISEMENT_POSITIONS.filter((p) => p.startsWith(`${group}_`));
}
