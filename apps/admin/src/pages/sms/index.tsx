import { useRef } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds } from '../../components/table-actions';
import { api } from '../../lib/api';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { smsColumns, type SmsRow } from './columns';

export default function SmsPage() {
  const actionRef = useRef<ActionType>(null);
  const reload = () => actionRef.current?.reload();
  return (
    <AdminPage subTitle="短信验证码的发送记录（注册、登录、找回密码）">
      <ProTable<SmsRow>
        rowKey="id"
        actionRef={actionRef}
        columns={smsColumns(async (row) => (await deleteByIds(api.deleteSms, [row.id])) && reload())}
        headerTitle="短信记录"
        request={listRequest(api.listSms, 'sms')}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1080 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteSms, selectedRowKeys)) {
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
