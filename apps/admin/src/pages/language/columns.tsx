import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { DeleteLink, EnableSwitch } from '../../components/table-actions';
import type { TLanguageRow } from '../../lib/queries';

export interface LanguageColumnActions {
  onEdit: (row: TLanguageRow) => void;
  onToggle: (row: TLanguageRow, enable: boolean) => Promise<unknown>;
  onDelete: (row: TLanguageRow) => Promise<unknown>;
}

export function languageColumns(a: LanguageColumnActions): ProColumns<TLanguageRow>[] {
  return [
    { title: 'ID', dataIndex: 'id', width: 72, align: 'center' },
    { title: '语言名称', dataIndex: 'language', width: 200, render: (_, row) => <Typography.Text strong>{row.language}</Typography.Text> },
    { title: '语言代码', dataIndex: 'code', width: 160, render: (_, row) => <Typography.Text code>{row.code}</Typography.Text> },
    { title: '排序', dataIndex: 'sort', width: 100, align: 'center', tooltip: '数值越大越靠前' },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 110,
      align: 'center',
      render: (_, row) => <EnableSwitch checked={row.enable} onChange={(next) => a.onToggle(row, next)} />,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      render: (_, row) => [
        <a key="edit" onClick={() => a.onEdit(row)}>编辑</a>,
        <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} description="已使用该语言的文档不受影响，但不能再选择该语言。" />,
      ],
    },
  ];
}
