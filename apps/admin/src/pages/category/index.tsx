import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CategoryType, ZCategory, type TCategory } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar, deleteByIds, saveToggle } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { parentIds } from '../../lib/list-query';
import { treeRequest } from '../../lib/pro-table';
import { categoryColumns, type CategoryRow } from './columns';
import { CategoryForm } from './category-form';

type Editing = { record?: TCategory; parentId?: number } | null;

/** Document (type 0) and article (type 1) categories: a tree table with create/edit/delete. */
export function CategoryPage({ type }: { type: 0 | 1 }) {
  const actionRef = useRef<ActionType>(null);
  const [rows, setRows] = useState<TCategory[]>([]);
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const reload = () => actionRef.current?.reload();
  const isDoc = type === CategoryType.Document;

  const columns = categoryColumns({
    countLabel: isDoc ? '文档数' : '文章数',
    onEdit: (record) => setEditing({ record }),
    onAddChild: (row) => setEditing({ parentId: row.id }),
    onDelete: async (row) => (await deleteByIds(api.deleteCategory, [row.id])) && reload(),
    onToggle: (row, enable) => saveToggle(() => client.call(api.updateCategory, { body: { id: row.id, enable } }), enable, reload),
  });

  return (
    <AdminPage subTitle={isDoc ? '文档的分类，支持多级分类，排序值越大越靠前' : '文章的分类，支持多级分类，排序值越大越靠前'}>
      <ProTable<CategoryRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={isDoc ? '文档分类列表' : '文章分类列表'}
        search={false}
        pagination={false}
        scroll={{ x: 1100 }}
        columnsState={{ persistenceType: 'localStorage', persistenceKey: 'wenku-admin:category-columns', defaultValue: { created_at: { show: false } } }}
        request={treeRequest(api.listCategories, 'category', {
          row: ZCategory,
          base: { type: [type] },
          rename: { keyword: 'wd' },
          onLoaded: (list) => setRows(list),
        })}
        postData={(data: CategoryRow[]) => {
          setExpanded(parentIds(data));
          return data;
        }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        options={{ search: { placeholder: '搜索分类名称', allowClear: true }, reload: true, density: true, setting: true }}
        rowSelection={{ checkStrictly: true }}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <BatchDeleteBar
            count={selectedRowKeys.length}
            onClear={onCleanSelected}
            onDelete={async () => {
              if (await deleteByIds(api.deleteCategory, selectedRowKeys)) {
                onCleanSelected();
                reload();
              }
            }}
          />
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增分类
          </Button>,
        ]}
      />
      {editing && (
        <CategoryForm
          open
          onOpenChange={(open) => !open && setEditing(null)}
          record={editing?.record}
          parentId={editing?.parentId}
          type={type}
          rows={rows}
          onSaved={reload}
        />
      )}
    </AdminPage>
  );
}
