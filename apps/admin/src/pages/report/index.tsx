import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { reportColumns, type ReportRow } from './columns';
import { HandleReportForm } from './handle-form';

export default function ReportPage() {
  const actionRef = useRef<ActionType>(null);
  const navigate = useNavigate();
  const [handling, setHandling] = useState<ReportRow | null>(null);
  const reload = () => actionRef.current?.reload();

  const columns = reportColumns({
    onHandle: setHandling,
    onDelete: async (row) => (await deleteByIds(api.deleteReport, [row.id])) && reload(),
  });

  return (
    <AdminPage subTitle="用户对文档的举报；核实后可在文档列表中禁用或删除违规文档">
      <ProTable<ReportRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="举报列表"
        request={listRequest(api.listReports, 'report')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1100 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteReport, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
      />
      {handling && (
        <HandleReportForm
          record={handling}
          onOpenChange={(open) => !open && setHandling(null)}
          onSaved={reload}
          onManageDocument={() => navigate(`/document/list?wd=${encodeURIComponent(handling.document_title)}`)}
        />
      )}
    </AdminPage>
  );
}
