import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import type { TPermission } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { filterPermissions, groupPermissionsByModule, moduleRowSpans } from '../../lib/permissions';
import { SEARCH_SPAN, type ProTableParams } from '../../lib/pro-table';
import { permissionColumns, type PermissionRow } from './columns';
import { PermissionForm } from './permission-form';

/**
 * All entries are loaded once per query (GET /permission/list, size 1000), ordered by module, then
 * filtered and paged here: the API filters only by keyword.
 */
async function request(params: ProTableParams) {
  try {
    const { permission } = await client.call(api.listPermissions, { query: { page: 1, size: 1000 } });
    const rows = groupPermissionsByModule(
      filterPermissions(permission, { module: params.module as string | undefined, method: params.method as string | undefined, wd: params.wd as string | undefined }),
    ).flatMap((g) => g.items);
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

export default function PermissionPage() {
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<TPermission | null>(null);
  return (
    <AdminPage subTitle="后台接口的权限项，由系统自动生成；可修改名称与描述，在「用户组」中分配给分组">
      <ProTable<PermissionRow>
        rowKey="id"
        actionRef={actionRef}
        columns={permissionColumns({ onEdit: setEditing })}
        headerTitle="权限列表"
        request={request}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1100 }}
        bordered
      />
      {editing && <PermissionForm record={editing} onOpenChange={(open) => !open && setEditing(null)} onSaved={() => actionRef.current?.reload()} />}
    </AdminPage>
  );
}
