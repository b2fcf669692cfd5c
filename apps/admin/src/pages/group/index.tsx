import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TGroup } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { deleteByIds } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { refKeys } from '../../lib/queries';
import { groupColumns } from './columns';
import { GroupForm } from './group-form';
import { PermissionDrawer } from './permission-drawer';

export default function GroupPage() {
  const actionRef = useRef<ActionType>(null);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ record?: TGroup } | null>(null);
  const [granting, setGranting] = useState<TGroup | null>(null);
  const reload = () => {
    actionRef.current?.reload();
    void queryClient.invalidateQueries({ queryKey: refKeys.groups });
  };

  const columns = groupColumns({
    onEdit: (record) => setEditing({ record }),
    onPermission: (row) => setGranting(row),
    onDelete: async (row) => (await deleteByIds(api.deleteGroup, [row.id])) && reload(),
  });

  return (
    <AdminPage subTitle="用户组决定用户能否上传、评论、发布文章，以及能访问哪些后台功能">
      <ProTable<TGroup>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="用户组列表"
        request={listRequest(api.listGroups, 'group')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={false}
        scroll={{ x: 1100 }}
        columnsState={{ persistenceType: 'localStorage', persistenceKey: 'wenku-admin:group-columns', defaultValue: { created_at: { show: false } } }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增用户组
          </Button>,
        ]}
      />
      {editing && <GroupForm record={editing.record} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />}
      {granting && <PermissionDrawer group={granting} onClose={() => setGranting(null)} />}
    </AdminPage>
  );
}
