import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ZNavigation, type TNavigation } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds, saveToggle } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { parentIds } from '../../lib/list-query';
import { treeRequest } from '../../lib/pro-table';
import { navigationColumns, type NavigationRow } from './columns';
import { NavigationForm } from './navigation-form';

type Editing = { record?: TNavigation; parentId?: number } | null;

export default function NavigationPage() {
  const actionRef = useRef<ActionType>(null);
  const [rows, setRows] = useState<TNavigation[]>([]);
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const reload = () => actionRef.current?.reload();

  const columns = navigationColumns({
    onEdit: (record) => setEditing({ record }),
    onAddChild: (row) => setEditing({ parentId: row.id }),
    onDelete: async (row) => (await deleteByIds(api.deleteNavigation, [row.id])) && reload(),
    onToggle: (row, enable) => saveToggle(() => client.call(api.updateNavigation, { body: { id: row.id, enable } }), enable, reload),
  });

  return (
    <AdminPage subTitle="网站顶部导航栏，支持二级导航">
      <ProTable<NavigationRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="导航列表"
        search={false}
        pagination={false}
        scroll={{ x: 1100 }}
        columnsState={{ persistenceType: 'localStorage', persistenceKey: 'wenku-admin:navigation-columns', defaultValue: { created_at: { show: false } } }}
        request={treeRequest(api.listNavigations, 'navigation', { row: ZNavigation, rename: { keyword: 'wd' }, onLoaded: setRows })}
        postData={(data: NavigationRow[]) => {
          setExpanded(parentIds(data));
          return data;
        }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        options={{ search: { placeholder: '搜索导航名称', allowClear: true }, reload: true, density: true, setting: true }}
        rowSelection={{ checkStrictly: true }}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteNavigation, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增导航
          </Button>,
        ]}
      />
      {editing && (
        <NavigationForm
          record={editing.record}
          parentId={editing.parentId}
          rows={rows}
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={reload}
        />
      )}
    </AdminPage>
  );
}
