import { useState, type Key } from 'react';
import { CategoryType, ZCategory, type TCategory } from '@wenku/contracts';
import { CrudPage } from '../../components/crud';
import { api } from '../../lib/api';
import { parentIds } from '../../lib/list-query';
import { treeRequest } from '../../lib/pro-table';
import { categoryColumns, type CategoryRow } from './columns';
import { categoryForm } from './category-form';

/** Document (type 0) and article (type 1) categories: a tree table with create/edit/delete. */
export function CategoryPage({ type }: { type: 0 | 1 }) {
  const [rows, setRows] = useState<TCategory[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const isDoc = type === CategoryType.Document;

  return (
    <CrudPage<CategoryRow, { parentId?: number }>
      subTitle={isDoc ? '文档的分类，支持多级分类，排序值越大越靠前' : '文章的分类，支持多级分类，排序值越大越靠前'}
      headerTitle={isDoc ? '文档分类列表' : '文章分类列表'}
      request={treeRequest(api.listCategories, 'category', { row: ZCategory, base: { type: [type] }, rename: { keyword: 'wd' }, onLoaded: setRows })}
      remove={{ route: api.deleteCategory }}
      form={categoryForm(type, rows)}
      createText="新增分类"
      search={false}
      hiddenColumns={['created_at']}
      table={{
        pagination: false,
        scroll: { x: 1100 },
        postData: (data: CategoryRow[]) => {
          setExpanded(parentIds(data));
          return data;
        },
        expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) },
        options: { search: { placeholder: '搜索分类名称', allowClear: true }, reload: true, density: true, setting: true },
        rowSelection: { checkStrictly: true },
      }}
      columns={(c) =>
        categoryColumns({
          countLabel: isDoc ? '文档数' : '文章数',
          onEdit: c.edit,
          onAddChild: (row) => c.create({ parentId: row.id }),
          onDelete: (row) => c.remove([row.id]),
          onToggle: (row, enable) => c.setEnable(api.updateCategory, row.id, enable),
        })
      }
    />
  );
}
