import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TUser } from '@wenku/contracts';
import { CrudModalForm, CrudPage } from '../../components/crud';
import { api } from '../../lib/api';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { refKeys, useGroups } from '../../lib/queries';
import { GrantVipForm } from '../vip/grant-vip-form';
import { punishmentForm } from '../punishment/punishment-form';
import { userColumns } from './columns';
import { UserForm } from './user-form';
import { ProfileForm } from './profile-form';
import { DeleteUserModal } from './delete-user-modal';
import { AiQuotaModal } from './ai-quota-modal';
import { canDeleteUser } from './form-values';

type Dialog = { kind: 'edit'; record?: TUser } | { kind: 'profile' | 'vip' | 'ai' | 'punish'; record: TUser } | { kind: 'delete'; users: TUser[] } | null;

export default function UserListPage() {
  const groups = useGroups().data ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <CrudPage<TUser>
      subTitle="管理网站的注册用户：资料、用户组、VIP、AI 额度与处罚"
      headerTitle="用户列表"
      request={listRequest(api.listUsers, 'user')}
      invalidate={[['ref', 'users'], refKeys.groups]}
      search={{ span: SEARCH_SPAN }}
      table={{ scroll: { x: 1100 }, rowSelection: { getCheckboxProps: (row) => ({ disabled: !canDeleteUser(row) }) } }}
      batchActions={() => [
        // the delete dialog asks for the password; the selection stays until the users are deleted
        { key: 'delete', label: '批量删除', type: 'danger', run: async (_ids, users) => (setDialog({ kind: 'delete', users }), false) },
      ]}
      toolbar={() => [
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'edit' })}>
          新增用户
        </Button>,
      ]}
      columns={() =>
        userColumns({
          groups,
          onEdit: (record) => setDialog({ kind: 'edit', record }),
          onProfile: (record) => setDialog({ kind: 'profile', record }),
          onVip: (record) => setDialog({ kind: 'vip', record }),
          onAiQuota: (record) => setDialog({ kind: 'ai', record }),
          onPunish: (record) => setDialog({ kind: 'punish', record }),
          onDelete: (row) => setDialog({ kind: 'delete', users: [row] }),
        })
      }
    >
      {(c) => (
        <>
          {dialog?.kind === 'edit' && <UserForm record={dialog.record} groups={groups} onOpenChange={close} onSaved={c.reload} />}
          {dialog?.kind === 'profile' && <ProfileForm record={dialog.record} onOpenChange={close} onSaved={c.reload} />}
          {dialog?.kind === 'vip' && <GrantVipForm user={dialog.record} onOpenChange={close} onSaved={c.reload} />}
          {dialog?.kind === 'ai' && <AiQuotaModal user={dialog.record} onOpenChange={close} />}
          {dialog?.kind === 'punish' && <CrudModalForm spec={punishmentForm} extra={{ userIds: [dialog.record.id] }} onOpenChange={close} />}
          {dialog?.kind === 'delete' && (
            <DeleteUserModal
              users={dialog.users}
              onOpenChange={close}
              onDeleted={() => {
                c.clearSelected();
                c.reload();
              }}
            />
          )}
        </>
      )}
    </CrudPage>
  );
}
