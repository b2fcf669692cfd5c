/**
 * Admin modules: permission entries are grouped by module (spec §6: "grouped by service name"),
 * and holding a module's list permission unlocks its admin pages.
 */
export interface AdminModuleDef {
  title: string;
  /** admin page paths (below /admin) this module unlocks */
  pages: string[];
}

export const ADMIN_MODULES: Record<string, AdminModuleDef> = {
  user: { title: '用户管理', pages: ['/user/list'] },
  group: { title: '用户组', pages: ['/user/group'] },
  permission: { title: '权限管理', pages: ['/user/permission'] },
  punishment: { title: '惩罚管理', pages: ['/user/punishment'] },
  vip: { title: 'VIP管理', pages: ['/user/vip'] },
  sms: { title: '短信记录', pages: ['/user/sms'] },
  config: {
    title: '系统配置',
    pages: ['/config/system', '/config/article', '/config/llm', '/config/sms', '/config/pay', '/config/search', '/config/ocr', '/config/vip', '/config/miniprogram', '/config/oauth', '/config/captcha', '/config/security', '/config/converter', '/config/score', '/config/ssr', '/config/email', '/config/display', '/config/footer', '/config/download'],
  },
  category: { title: '分类管理', pages: ['/document/category', '/article/category'] },
  navigation: { title: '导航管理', pages: ['/navigation'] },
  friendlink: { title: '友情链接', pages: ['/friendlink'] },
  advertisement: { title: '广告管理', pages: ['/advertisement'] },
  banner: { title: '横幅管理', pages: ['/banner'] },
  attachment: { title: '附件管理', pages: ['/attachment'] },
  comment: { title: '评论管理', pages: ['/comment'] },
  report: { title: '举报管理', pages: ['/report'] },
  order: { title: '订单管理', pages: ['/order'] },
  document: { title: '文档管理', pages: ['/document/list'] },
  recycle: { title: '文档回收站', pages: ['/document/recycle'] },
  language: { title: '语言管理', pages: ['/document/language'] },
  searchrecord: { title: '搜索记录', pages: ['/document/searchrecord'] },
  ocr: { title: 'OCR', pages: ['/document/ocr'] },
  article: { title: '文章管理', pages: ['/article/list', '/article/recycle', '/article/set'] },
  llm: { title: 'AI 管理', pages: ['/ai/llm', '/ai/embedding', '/ai/chat'] },
  spider: { title: '采集管理', pages: ['/spider/url', '/spider/document'] },
};

/** Pages every admin can open. */
export const ALWAYS_ALLOWED_ADMIN_PAGES = ['/', '/index', '/dashboard'];

/**
 * Allowed admin pages from a permission list: a module's pages are granted only when the module's
 * list permission is present (spec §6).
 */
export function allowedAdminPages(
  permissions: { method: string; path: string; module: string }[],
  listKeys: Record<string, string>,
): string[] {
  const held = new Set(permissions.map((p) => `${p.method} ${p.path}`));
  const pages = new Set<string>();
  for (const [module, key] of Object.entries(listKeys)) {
    if (held.has(key)) for (const page of ADMIN_MODULES[module]?.pages ?? []) pages.add(page);
  }
  return [...pages];
}
