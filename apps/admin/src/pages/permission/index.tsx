import { Descriptions, Tag, Tooltip, Typography } from 'antd';
import { ADMIN_MODULES, type TPermission } from '@wenku/contracts';
import { CrudPage, TextAreaField, crudForm, saveTo, col, muted, RequiredTextField } from '../../components/crud';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { METHOD_COLORS, filterPermissions, groupPermissionsByModule, isListPermission, moduleOf, moduleRowSpans, moduleTitle } from '../../lib/permissions';
import { SEARCH_SPAN, type ProTableParams } from '../../lib/pro-table';
import { MethodTag } from '../group/permission-drawer';

const MODULE_VALUE_ENUM = Object.fromEntries(Object.entries(ADMIN_MODULES).map(([k, m]) => [k, { text: m.title }]));
const METHOD_VALUE_ENUM = Object.fromEntries(Object.keys(METHOD_COLORS).map((m) => [m, { text: m }]));

/** A row of the permission table: `_span` merges the module cells of one module on a page. */
type PermissionRow = TPermission & { _span?: number };
/**
 * All entries are loaded once per query (GET /permission/list, size 1000), ordered by module, then
 * filtered (module, method GRPC/GET/…, keyword) and paged here.
 */
async function request(params: ProTableParams) {
  try {
    const { permission } = await client.call(api.listPermissions, { query: { page: 1, size: 1000 } });
    const rows = groupPermissionsByModule(
      filterPermissions(permission, {
        module: params.module as string | undefined,
        method: params.method as string | undefined,
        wd: params.wd as string | undefined,
      }),
    ).flatMap((g) => g.items.map((p) => ({ ...p, module: g.module })));
    const size = params.pageSize ?? 20;
    const start = ((params.current ?? 1) - 1) * size;
    const pageRows = rows.slice(start, start + size);
    const spans = moduleRowSpans(pageRows);
    return { data: pageRows.map((r, i): PermissionRow => ({ ...r, _span: spans[i] })), total: rows.length, success: true };
  } catch (err) {
    toast.fail(err);
    return { data: [], total: 0, success: false };
  }
}

interface PermissionFormValues {
  title: string;
  description: string;
}

/** PUT /permission: only the title and the description of an entry can change. */
const form = crudForm<PermissionRow, PermissionFormValues>({
  title: '编辑权限',
  initialValues: (r) => ({ title: r?.title ?? '', description: r?.description ?? '' }),
  update: saveTo(api.updatePermission, (v: PermissionFormValues, r: PermissionRow) => ({ id: r.id, title: v.title.trim(), description: v.description ?? '' })),
  fields: (record) => (
    <>
      {record && (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} styles={{ label: { width: 96 } }}>
          <Descriptions.Item label="所属模块">
            {moduleTitle(moduleOf(record))}（{ADMIN_MODULES[moduleOf(record)]?.service ?? moduleOf(record)}）
          </Descriptions.Item>
          <Descriptions.Item label="接口">
            <MethodTag method={record.method} /> <Typography.Text style={{ fontFamily: 'Menlo, Consolas, monospace' }}>{record.path}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      <RequiredTextField name="title" label="名称" message="请输入权限名称" max={128} />
      <TextAreaField name="description" label="描述" placeholder="说明该权限的用途（可选）" />
    </>
  ),
});

export default function PermissionPage() {
  return (
    <CrudPage<PermissionRow>
      subTitle="后台接口的权限项，由系统自动生成：与魔豆文库（moredoc）对应的操作为 GRPC 权限（按服务分组，路径为 gRPC 方法全名），其余为 HTTP 接口权限；可修改名称与描述，在「用户组」中分配给分组"
      headerTitle="权限列表"
      request={request}
      form={form}
      search={{ span: SEARCH_SPAN }}
      table={{ pagination: { defaultPageSize: 20, showSizeChanger: true }, scroll: { x: 1100 }, bordered: true }}
      columns={(c) => [
        col.keyword('权限名称、接口路径或描述'),
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
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {ADMIN_MODULES[row.module]?.service ?? row.module}
              </Typography.Text>
            </span>
          ),
        },
        {
          title: '请求方法',
          dataIndex: 'method',
          width: 100,
          align: 'center',
          valueType: 'select',
          valueEnum: METHOD_VALUE_ENUM,
          fieldProps: { placeholder: '全部方法' },
          render: (_, row) => <MethodTag method={row.method} />,
        },
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
                  <Tag color="purple" style={{ marginInlineStart: 6 }}>
                    页面入口
                  </Tag>
                </Tooltip>
              )}
            </span>
          ),
        },
        { title: '描述', dataIndex: 'description', ellipsis: true, search: false, render: (_, row) => row.description || muted },
        col.id(64),
        col.option(80, (row) => [c.editLink(row)]),
      ]}
    />
  );
}
