/**
 * Admin modules: permission entries are grouped by module (spec §6: "grouped by service name"), and holding a
 * module's list permission unlocks its admin pages. Which pages a module unlocks is the admin's business: its route
 * table (`apps/admin/src/app/routes.tsx`, `handle.module`) is the one module → page table.
 */
export interface AdminModuleDef {
  title: string;
  /** moredoc's gRPC service of the module (its entries are `GRPC /api.v1.<service>/<Method>`); absent: Wenku's own, HTTP entries */
  service?: string;
}

export const ADMIN_MODULES: Record<string, AdminModuleDef> = {
  user: { title: '用户管理', service: 'UserAPI' },
  group: { title: '用户组', service: 'GroupAPI' },
  permission: { title: '权限管理', service: 'PermissionAPI' },
  punishment: { title: '惩罚管理', service: 'PunishmentAPI' },
  vip: { title: 'VIP管理' },
  sms: { title: '短信记录' },
  config: { title: '系统配置', service: 'ConfigAPI' },
  category: { title: '分类管理', service: 'CategoryAPI' },
  navigation: { title: '导航管理', service: 'NavigationAPI' },
  friendlink: { title: '友情链接', service: 'FriendlinkAPI' },
  advertisement: { title: '广告管理', service: 'AdvertisementAPI' },
  banner: { title: '横幅管理', service: 'BannerAPI' },
  attachment: { title: '附件管理', service: 'AttachmentAPI' },
  comment: { title: '评论管理', service: 'CommentAPI' },
  report: { title: '举报管理', service: 'ReportAPI' },
  order: { title: '订单管理' },
  document: { title: '文档管理', service: 'DocumentAPI' },
  recycle: { title: '文档回收站', service: 'RecycleAPI' },
  language: { title: '语言管理', service: 'LanguageAPI' },
  searchrecord: { title: '搜索记录', service: 'SearchRecordAPI' },
  ocr: { title: 'OCR' },
  article: { title: '文章管理', service: 'ArticleAPI' },
  llm: { title: 'AI 管理' },
  embedding: { title: '向量化' },
  spider: { title: '采集管理' },
};

/** Pages every admin can open. */
export const ALWAYS_ALLOWED_ADMIN_PAGES = ['/', '/index', '/dashboard'];

/** The modules whose list permission (`list: true` on the route) is in the permission list (spec §6). */
export function allowedAdminModules(permissions: { method: string; path: string; module: string }[], listKeys: Record<string, string>): string[] {
  const held = new Set(permissions.map((p) => `${p.method} ${p.path}`));
  return Object.entries(listKeys)
    .filter(([, key]) => held.has(key))
    .map(([module]) => module);
}
