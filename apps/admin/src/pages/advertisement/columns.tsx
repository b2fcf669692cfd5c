import type { ProColumns } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import { ADVERTISEMENT_POSITION_LABELS, type TAdvertisement } from '@wenku/contracts';
import { DeleteLink, EnableSwitch } from '../../components/table-actions';
import { ENABLE_VALUE_ENUM } from '../../components/enable-enum';
import { adTimeState } from './dates';

/** ProTable valueEnum of the positions, labels from the contracts. */
export const POSITION_VALUE_ENUM = Object.fromEntries(
  Object.entries(ADVERTISEMENT_POSITION_LABELS).map(([value, text]) => [value, { text }]),
) as Record<string, { text: string }>;

const TIME_TAGS = {
  always: <Tag>长期有效</Tag>,
  pending: <Tag color="gold">未开始</Tag>,
  running: <Tag color="green">投放中</Tag>,
  ended: <Tag color="default">已结束</Tag>,
};

export interface AdvertisementColumnActions {
  onEdit: (row: TAdvertisement) => void;
  onDelete: (row: TAdvertisement) => Promise<unknown>;
  onToggle: (row: TAdvertisement, enable: boolean) => Promise<unknown>;
}

export function advertisementColumns(a: AdvertisementColumnActions): ProColumns<TAdvertisement>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '广告名称' } },
    { title: 'ID', dataIndex: 'id', width: 72, align: 'center', search: false },
    { title: '广告名称', dataIndex: 'title', width: 180, ellipsis: true, search: false, render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text> },
    {
      title: '广告位置',
      dataIndex: 'position',
      width: 190,
      valueType: 'select',
      valueEnum: POSITION_VALUE_ENUM,
      fieldProps: { showSearch: true, placeholder: '全部位置' },
      render: (_, row) => (
        <span>
          {ADVERTISEMENT_POSITION_LABELS[row.position as keyof typeof ADVERTISEMENT_POSITION_LABELS] ?? row.position}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{row.position}</Typography.Text>
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 96,
      align: 'center',
      valueType: 'select',
      valueEnum: ENABLE_VALUE_ENUM,
      render: (_, row) => <EnableSwitch checked={row.enable} onChange={(next) => a.onToggle(row, next)} />,
    },
    {
      title: '投放时间',
      key: 'time',
      width: 240,
      search: false,
      render: (_, row) => (
        <div style={{ lineHeight: 1.7 }}>
          {TIME_TAGS[adTimeState(row.start_time, row.end_time)]}
          <div style={{ fontSize: 12, color: '#8c8c8c' }}>
            {row.start_time ? new Date(row.start_time).toLocaleString('zh-CN', { hour12: false }) : '不限'} 至{' '}
            {row.end_time ? new Date(row.end_time).toLocaleString('zh-CN', { hour12: false }) : '不限'}
          </div>
        </div>
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, search: false, render: (_, row) => row.remark || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '创建时间', dataIndex: 'created_at', valueType: 'dateTime', width: 172, search: false },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, row) => [<a key="edit" onClick={() => a.onEdit(row)}>编辑</a>, <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} />],
    },
  ];
}
