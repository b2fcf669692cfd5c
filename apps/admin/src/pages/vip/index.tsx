import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { vipColumns } from './columns';
import { GrantVipForm } from './grant-vip-form';
import { revokeVipBody } from './form-values';

export default function VipPage() {
  const actionRef = useRef<ActionType>(null);
  const queryClient = useQueryClient();
  const [granting, setGranting] = useState<{ user?: TUser } | null>(null);
  const reload = () => {
    actionRef.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['ref', 'users'] });
  };

  return (
    <AdminPage subTitle="VIP 会员列表；可为用户开通、延长或取消 VIP">
      <ProTable<TUser>
        rowKey="id"
        actionRef={actionRef}
        columns={vipColumns({
          onGrant: (user) => setGranting({ user }),
          onRevoke: async (row) => {
            try {
              await client.call(api.grantVip, { body: revokeVipBody(row.id) });
              toast.success('操作成功');
              reload();
            } catch (err) {
              toast.fail(err);
            }
          },
        })}
        headerTitle="VIP 会员"
        request={listRequest(api.listVipUsers, 'user')}
        form={{ initialValues: { expired: false } }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1050 }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<CrownOutlined />} onClick={() => setGranting({})}>
            开通 VIP
          </Button>,
        ]}
      />
      {granting && <GrantVipForm user={granting.user} onOpenChange={(open) => !open && setGranting(null)} onSaved={reload} />}
    </AdminPage>
  );
}
