import { useRef, useState, type Key } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPage } from '../../components/admin-page';
import { deleteByIds } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { refKeys, type TLanguageRow } from '../../lib/queries';
import { languageColumns } from './columns';
import { LanguageForm } from './language-form';

async function setStatus(ids: readonly Key[], enable: boolean): Promise<boolean> {
  try {
    await client.call(api.setLanguageStatus, { body: { id: ids.map(Number), enable } });
    toast.success(enable ? '已启用' : '已停用');
    return true;
  } catch (err) {
    toast.fail(err);
    return false;
  }
}

export default function LanguagePage() {
  const actionRef = useRef<ActionType>(null);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ record?: TLanguageRow } | null>(null);
  const reload = () => {
    actionRef.current?.reload();
    void queryClient.invalidateQueries({ queryKey: refKeys.languages });
  };

  const columns = languageColumns({
    onEdit: (record) => setEditing({ record }),
    onToggle: async (row, enable) => (await setStatus([row.id], enable)) && reload(),
    onDelete: async (row) => (await deleteByIds(api.deleteLanguage, [row.id])) && reload(),
  });

  return (
    <AdminPage subTitle="上传文档时可选的语言；停用的语言不再出现在前台的选择列表中">
      <ProTable<TLanguageRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="语言列表"
        request={listRequest(api.listLanguages, 'language')}
        search={false}
        pagination={false}
        options={{ reload: true, density: true, setting: true }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space size={16}>
            <Typography.Link onClick={async () => (await setStatus(selectedRowKeys, true)) && (onCleanSelected(), reload())}>批量启用</Typography.Link>
            <Typography.Link onClick={async () => (await setStatus(selectedRowKeys, false)) && (onCleanSelected(), reload())}>批量停用</Typography.Link>
            <Popconfirm
              title={`确定删除选中的 ${selectedRowKeys.length} 种语言吗？`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                if (await deleteByIds(api.deleteLanguage, selectedRowKeys)) {
                  onCleanSelected();
                  reload();
                }
              }}
            >
              <Typography.Link type="danger">批量删除</Typography.Link>
            </Popconfirm>
            <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
          </Space>
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增语言
          </Button>,
        ]}
      />
      {editing && <LanguageForm record={editing.record} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />}
    </AdminPage>
  );
}
