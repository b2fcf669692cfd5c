import { useRef, useState, type Key } from 'react';
import { ModalForm, ProFormDigit, ProFormSwitch, ProFormText, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPage } from '../../components/admin-page';
import { DeleteLink, EnableSwitch, deleteByIds } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { refKeys, type TLanguageRow } from '../../lib/queries';

interface LanguageFormValues {
  language: string;
  code: string;
  sort: number;
  enable: boolean;
}

function LanguageForm({ record, onOpenChange, onSaved }: { record?: TLanguageRow; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  return (
    <ModalForm<LanguageFormValues>
      title={record ? '编辑语言' : '新增语言'}
      open
      onOpenChange={onOpenChange}
      width={520}
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      initialValues={record ? { language: record.language, code: record.code, sort: record.sort, enable: record.enable } : { language: '', code: '', sort: 0, enable: true }}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = { language: v.language.trim(), code: v.code.trim(), sort: v.sort ?? 0, enable: !!v.enable };
        try {
          if (record) await client.call(api.updateLanguage, { body: { ...body, id: record.id } });
          else await client.call(api.createLanguage, { body });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormText name="language" label="语言名称" placeholder="如：简体中文" rules={[{ required: true, whitespace: true, message: '请输入语言名称' }, { max: 64 }]} />
      <ProFormText
        name="code"
        label="语言代码"
        placeholder="如：zh-cn"
        extra={record ? '修改代码不会同步修改已标记该语言的文档。' : '文档按语言代码标记，建议使用小写，如 en、ja、zh-tw。'}
        fieldProps={{ style: { fontFamily: 'Menlo, Consolas, monospace' } }}
        rules={[{ required: true, whitespace: true, message: '请输入语言代码' }, { max: 16 }]}
      />
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />
      <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren="停用" />
    </ModalForm>
  );
}

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

  const columns: ProColumns<TLanguageRow>[] = [
    { title: 'ID', dataIndex: 'id', width: 72, align: 'center' },
    { title: '语言名称', dataIndex: 'language', width: 200, render: (_, row) => <Typography.Text strong>{row.language}</Typography.Text> },
    { title: '语言代码', dataIndex: 'code', width: 160, render: (_, row) => <Typography.Text code>{row.code}</Typography.Text> },
    { title: '排序', dataIndex: 'sort', width: 100, align: 'center', tooltip: '数值越大越靠前' },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 110,
      align: 'center',
      render: (_, row) => <EnableSwitch checked={row.enable} onChange={async (next) => (await setStatus([row.id], next)) && reload()} />,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      render: (_, row) => [
        <a key="edit" onClick={() => setEditing({ record: row })}>编辑</a>,
        <DeleteLink key="delete" onConfirm={async () => (await deleteByIds(api.deleteLanguage, [row.id])) && reload()} description="已使用该语言的文档不受影响，但不能再选择该语言。" />,
      ],
    },
  ];

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
