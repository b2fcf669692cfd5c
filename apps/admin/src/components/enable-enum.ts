/** ProTable valueEnum for an `enable` column and its search select (sent as `enable=true|false`). */
export const ENABLE_VALUE_ENUM = {
  true: { text: '启用', status: 'Success' },
  false: { text: '禁用', status: 'Default' },
} as const;
