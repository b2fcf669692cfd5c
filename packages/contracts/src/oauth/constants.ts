/** The OAuth providers one may sign in with. */
export const OAUTH_TYPES = ['github', 'gitee', 'qq', 'wechat', 'custom'] as const;
