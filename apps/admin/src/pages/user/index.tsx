import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api } from '../../lib/api';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { refKeys, useGroups } from '../../lib/queries';
import { GrantVipForm } from '../vip/grant-vip-form';
import { CrudModalForm } from '../../components/crud';
import { punishmentForm } from '../punishment/punishment-form';
import { userColumns } from './columns';
import { UserForm } from './user-form';
import { ProfileForm } from './profile-form';
import { DeleteUserModal } from './delete-user-modal';
import { AiQuotaModal } from './ai-quota-modal';
import { canDeleteUser } from './form-values';

type Dialog =
  | { kind: 'edit'; record?: TUser }
  | { kind: 'profile' | 'vip' | 'ai' | 'punish'; record: TUser }
  | { kind: 'delete'; users: TUser[] }
  | null;

export default function UserListPage() {
  const actionRef = useRef<ActionType>(null);
  const queryClient = useQueryClient();
  const groups = useGroups().data ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const reload = () => {
    actionRef.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['ref', 'users'] });
    void queryClient.invalidateQueries({ queryKey: refKeys.groups });
  };

  const columns = userColumns({
    groups,
    onEdit: (record) => setDialog({ kind: 'edit', record }),
    onProfile: (record) => setDialog({ kind: 'profile', record }),
    onVip: (record) => setDialog({ kind: 'vip', record }),
    onAiQuota: (record) => setDialog({ kind: 'ai', record }),
    onPunish: (record) => setDialog({ kind: 'punish', record }),
    onDelete: (row) => setDialog({ kind: 'delete', users: [row] }),
  });

  return (
    <AdminPage subTitle="管理网站的注册用户：资料、用户组、VIP、AI 额度与处罚">
      <ProTable<TUser>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="用户列表"
        request={listRequest(api.listUsers, 'user')}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1100 }}
        columnsState={{ persistenceType: 'localStorage', persistenceKey: 'wenku-admin:user-columns' }}
        rowSelection={{ getCheckboxProps: (row) => ({ disabled: !canDeleteUser(row) }) }}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space size={16}>
            <Typography.Link type="danger" onClick={() => setDialog({ kind: 'delete', users: selectedRows })}>批量删除</Typography.Link>
            <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
          </Space>
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'edit' })}>
            新增用户
          </Button>,
        ]}
      />
      {dialog?.kind === 'edit' && <UserForm record={dialog.record} groups={groups} onOpenChange={close} onSaved={reload} />}
      {dialog?.kind === 'profile' && <ProfileForm record={dialog.record} onOpenChange={close} onSaved={reload} />}
      {dialog?.kind === 'vip' && <GrantVipForm user={dialog.record} onOpenChange={close} onSaved={reload} />}
      {dialog?.kind === 'ai' && <AiQuotaModal user={dialog.record} onOpenChange={close} />}
      {dialog?.kind === 'punish' && <CrudModalForm spec={punishmentForm} extra={{ userIds: [dialog.record.id] }} onOpenChange={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteUserModal
          users={dialog.users}
          onOpenChange={close}
          onDeleted={() => {
            actionRef.current?.clearSelected?.();
            reload();
          }}
        />
      )}
    </AdminPage>
  );
}
