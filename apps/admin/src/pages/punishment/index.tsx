import { useRef, useState, type Key } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TPunishment } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { punishmentColumns } from './columns';
import { PunishmentForm } from './punishment-form';
import { OperatorLog } from './operator-log';

async function cancel(ids: readonly Key[]): Promise<boolean> {
  try {
    await client.call(api.cancelPunishment, { body: { id: ids.map(Number) } });
    toast.success('操作成功');
    return true;
  } catch (err) {
    toast.fail(err);
    return false;
  }
}

export default function PunishmentPage() {
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<{ record?: TPunishment } | null>(null);
  const reload = () => actionRef.current?.reload();

  const columns = punishmentColumns({
    onEdit: (record) => setEditing({ record }),
    onCancel: async (row) => (await cancel([row.id])) && reload(),
  });

  return (
    <AdminPage subTitle="对违规用户禁用账户、禁止评论、上传、下载、收藏或发布文章；到期后自动解除">
      <ProTable<TPunishment>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="处罚记录"
        request={listRequest(api.listPunishments, 'punishment')}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1150 }}
        expandable={{ expandedRowRender: (row) => <OperatorLog row={row} />, rowExpandable: (row) => row.operators.length > 0 }}
        rowSelection={{ getCheckboxProps: (row) => ({ disabled: !row.enable }) }}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space size={16}>
            <Popconfirm
              title={`确定取消选中的 ${selectedRowKeys.length} 项处罚吗？`}
              description="取消后立即解除限制。"
              okText="取消处罚"
              cancelText="再想想"
              onConfirm={async () => {
                if (await cancel(selectedRowKeys)) {
                  onCleanSelected();
                  reload();
                }
              }}
            >
              <Typography.Link type="warning">批量取消</Typography.Link>
            </Popconfirm>
            <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
          </Space>
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增处罚
          </Button>,
        ]}
      />
      {editing && <PunishmentForm record={editing.record} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />}
    </AdminPage>
  );
}
