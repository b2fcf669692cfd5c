import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TAdvertisement } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds, saveToggle } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { advertisementColumns } from './columns';
import { AdvertisementForm } from './advertisement-form';

export default function AdvertisementPage() {
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<{ record?: TAdvertisement } | null>(null);
  const reload = () => actionRef.current?.reload();

  const columns = advertisementColumns({
    onEdit: (record) => setEditing({ record }),
    onDelete: async (row) => (await deleteByIds(api.deleteAdvertisement, [row.id])) && reload(),
    onToggle: (row, enable) => saveToggle(() => client.call(api.updateAdvertisement, { body: { id: row.id, enable } }), enable, reload),
  });

  return (
    <AdminPage subTitle="在网站各个位置投放的 HTML 广告，VIP 用户不展示广告">
      <ProTable<TAdvertisement>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="广告列表"
        request={listRequest(api.listAdvertisements, 'advertisement')}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 12, xl: 8, xxl: 6 } }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1100 }}
        columnsState={{ persistenceType: 'localStorage', persistenceKey: 'wenku-admin:advertisement-columns', defaultValue: { created_at: { show: false } } }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteAdvertisement, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增广告
          </Button>,
        ]}
      />
      {editing && <AdvertisementForm record={editing.record} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />}
    </AdminPage>
  );
}
