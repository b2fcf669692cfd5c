import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ZFriendlink, type TFriendlink } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds, saveToggle } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { friendlinkColumns } from './columns';
import { FriendlinkForm } from './friendlink-form';

export default function FriendlinkPage() {
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<{ record?: TFriendlink } | null>(null);
  const reload = () => actionRef.current?.reload();

  const columns = friendlinkColumns({
    onEdit: (record) => setEditing({ record }),
    onDelete: async (row) => (await deleteByIds(api.deleteFriendlink, [row.id])) && reload(),
    onToggle: (row, enable) => saveToggle(() => client.call(api.updateFriendlink, { body: { id: row.id, enable } }), enable, reload),
  });

  return (
    <AdminPage subTitle="显示在网站首页底部的友情链接">
      <ProTable<TFriendlink>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="友情链接列表"
        request={listRequest(api.listFriendlinks, 'friendlink', { row: ZFriendlink })}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1000 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteFriendlink, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增友链
          </Button>,
        ]}
      />
      {editing && <FriendlinkForm record={editing.record} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />}
    </AdminPage>
  );
}
