import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import type { TAttachment } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { attachmentColumns } from './columns';
import { AttachmentForm } from './attachment-form';

export default function AttachmentPage() {
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<TAttachment | null>(null);
  const reload = () => actionRef.current?.reload();

  const columns = attachmentColumns({
    onEdit: setEditing,
    onToggle: async (row, enable) => {
      try {
        await client.call(api.updateAttachment, { body: { id: row.id, enable } });
        toast.success(enable ? '已解封' : '已封禁，相同内容的文件将无法再上传');
        reload();
      } catch (err) {
        toast.fail(err);
      }
    },
    onDelete: async (row) => (await deleteByIds(api.deleteAttachment, [row.id])) && reload(),
  });

  return (
    <AdminPage subTitle="用户上传的全部文件；封禁文件会按内容哈希拦截相同文件的再次上传">
      <ProTable<TAttachment>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="附件列表"
        request={listRequest(api.listAttachments, 'attachment')}
        search={{ labelWidth: 'auto', defaultCollapsed: true, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1060 }}
        columnsState={{ persistenceType: 'localStorage', persistenceKey: 'wenku-admin:attachment-columns', defaultValue: { id: { show: false } } }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            description="仅删除附件记录，已发布的文档不受影响。"
            onDelete={async () => {
              if (await deleteByIds(api.deleteAttachment, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
      />
      {editing && <AttachmentForm record={editing} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />}
    </AdminPage>
  );
}
