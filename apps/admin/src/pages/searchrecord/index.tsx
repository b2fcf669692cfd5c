import { useRef } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { searchRecordColumns, type SearchRecordRow } from './columns';

/** /document/searchrecord: what visitors searched (GET /searchrecord/list), with single and batch delete. */
export default function SearchRecordPage() {
  const actionRef = useRef<ActionType>(null);
  const reload = () => actionRef.current?.reload();
  return (
    <AdminPage subTitle="访客在前台的每次搜索：关键词、结果数与用时；保留天数见“系统配置 - 安全设置”">
      <ProTable<SearchRecordRow>
        rowKey="id"
        actionRef={actionRef}
        columns={searchRecordColumns(async (row) => (await deleteByIds(api.deleteSearchRecords, [row.id])) && reload())}
        headerTitle="搜索记录"
        request={listRequest(api.listSearchRecords, 'search_record')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1400 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteSearchRecords, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
      />
    </AdminPage>
  );
}
