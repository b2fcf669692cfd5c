import type { ProColumns } from '@ant-design/pro-components';
import { Tag, Tooltip, Typography } from 'antd';
import { ADMIN_MODULES, type TPermission } from '@wenku/contracts';
import { METHOD_COLORS, isListPermission, moduleTitle } from '../../lib/permissions';
import { MethodTag } from '../group/permission-drawer';

export const MODULE_VALUE_ENUM = Object.fromEntries(Object.entries(ADMIN_MODULES).map(([k, m]) => [k, { text: m.title }]));
const METHOD_VALUE_ENUM = Object.fromEntries(Object.keys(METHOD_COLORS).map((m) => [m, { text: m }]));

/** A row of the permission table: `_span` merges the module cells of one module on a page. */
export type PermissionRow = TPermission & { _span?: number };

export function permissionColumns({ onEdit }: { onEdit: (row: TPermission) => void }): ProColumns<PermissionRow>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '权限名称、接口路径或描述' } },
    {
      title: '所属模块',
      dataIndex: 'module',
      width: 140,
      valueType: 'select',
      valueEnum: MODULE_VALUE_ENUM,
      fieldProps: { showSearch: true, placeholder: '全部模块' },
      onCell: (row) => ({ rowSpan: row._span ?? 1, style: { verticalAlign: 'top', background: '#fafafa' } }),
      render: (_, row) => (
        <span style={{ lineHeight: 1.4 }}>
          <Tag color="geekblue">{moduleTitle(row.module)}</Tag>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{row.module}</Typography.Text>
        </span>
      ),
    },
    { title: '请求方法', dataIndex: 'method', width: 100, align: 'center', valueType: 'select', valueEnum: METHOD_VALUE_ENUM, fieldProps: { placeholder: '全部方法' }, render: (_, row) => <MethodTag method={row.method} /> },
    {
      title: '接口路径',
      dataIndex: 'path',
      width: 280,
      search: false,
      render: (_, row) => (
        <Typography.Text copyable={{ text: row.path, tooltips: ['复制', '已复制'] }} style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 13 }}>
          {row.path}
        </Typography.Text>
      ),
    },
    {
      title: '权限名称',
      dataIndex: 'title',
      width: 200,
      search: false,
      render: (_, row) => (
        <span>
          <Typography.Text strong>{row.title}</Typography.Text>
          {isListPermission(row) && (
            <Tooltip title="拥有该权限才能在后台菜单中看到此模块的页面">
              <Tag color="purple" style={{ marginInlineStart: 6 }}>页面入口</Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, search: false, render: (_, row) => row.description || <Typography.Text type="secondary">—</Typography.Text> },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    { title: '操作', valueType: 'option', width: 80, fixed: 'right', render: (_, row) => [<a key="edit" onClick={() => onEdit(row)}>编辑</a>] },
  ];
}
