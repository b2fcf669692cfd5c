import { useState } from 'react';
import type { TGroup } from '@wenku/contracts';
import { CrudPage } from '../../components/crud';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { refKeys } from '../../lib/queries';
import { groupColumns } from './columns';
import { groupForm } from './group-form';
import { PermissionDrawer } from './permission-drawer';

export default function GroupPage() {
  const [granting, setGranting] = useState<TGroup | null>(null);
  return (
    <CrudPage<TGroup>
      subTitle="用户组决定用户能否上传、评论、发布文章，以及能访问哪些后台功能"
      headerTitle="用户组列表"
      request={listRequest(api.listGroups, 'group')}
      remove={{ route: api.deleteGroup, batch: false }}
      form={groupForm}
      createText="新增用户组"
      invalidate={[refKeys.groups]}
      hiddenColumns={['created_at']}
      table={{ pagination: false, scroll: { x: 1100 } }}
      columns={(c) => groupColumns({ onEdit: c.edit, onPermission: setGranting, onDelete: (row) => c.remove([row.id]) })}
    >
      {granting && <PermissionDrawer group={granting} onClose={() => setGranting(null)} />}
    </CrudPage>
  );
}
