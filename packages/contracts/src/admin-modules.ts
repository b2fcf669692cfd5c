/**
 * Admin modules: permission entries are grouped by module (spec §6: "grouped by service name"), and holding a
 * module's list permission unlocks its admin pages. Which pages a module unlocks is the admin's business: its route
 * table (`apps/admin/src/app/routes.tsx`, `handle.module`) is the one module → page table.
 */
export interface AdminModuleDef {
  title: string;
}

export const ADMIN_MODULES: Record<string, AdminModuleDef> = {
  user: { title: '用户管理' },
  group: { title: '用户组' },
  permission: { title: '权限管理' },
  punishment: { title: '惩罚管理' },
  vip: { title: 'VIP管理' },
  sms: { title: '短信记录' },
  config: { title: '系统配置' },
  category: { title: '分类管理' },
  navigation: { title: '导航管理' },
  friendlink: { title: '友情链接' },
  advertisement: { title: '广告管理' },
  banner: { title: '横幅管理' },
  attachment: { title: '附件管理' },
  comment: { title: '评论管理' },
  report: { title: '举报管理' },
  order: { title: '订单管理' },
  document: { title: '文档管理' },
  recycle: { title: '文档回收站' },
  language: { title: '语言管理' },
  searchrecord: { title: '搜索记录' },
  ocr: { title: 'OCR' },
  article: { title: '文章管理' },
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
