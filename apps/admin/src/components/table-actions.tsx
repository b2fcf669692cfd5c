import { useState } from 'react';
import { Popconfirm, Space, Switch, Typography } from 'antd';

/** The row's delete link with its confirmation. */
export function DeleteLink({ onConfirm, title = '确定删除吗？', description }: { onConfirm: () => Promise<unknown>; title?: string; description?: string }) {
  return (
    <Popconfirm title={title} description={description} okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={onConfirm}>
      <Typography.Link type="danger">删除</Typography.Link>
    </Popconfirm>
  );
}

/** What ProTable shows above the rows while some are selected: batch delete and clear. */
export function BatchDeleteBar({
  count,
  onDelete,
  onClear,
  description,
}: {
  count: number;
  onDelete: () => Promise<unknown>;
  onClear: () => void;
  description?: string;
}) {
  return (
    <Space size={16}>
      <Popconfirm
        title={`确定删除选中的 ${count} 项吗？`}
        description={description ?? '删除后不可恢复。'}
        okText="删除"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Typography.Link type="danger">批量删除</Typography.Link>
      </Popconfirm>
      <Typography.Link onClick={onClear}>取消选择</Typography.Link>
    </Space>
  );
}

/** An enable switch in a table row that saves at once. */
export function EnableSwitch({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => Promise<unknown> }) {
  const [loading, setLoading] = useState(false);
  return (
    <Switch
      size="small"
      checked={checked}
      loading={loading}
      checkedChildren="启用"
      unCheckedChildren="禁用"
      onChange={async (next) => {
        setLoading(true);
        try {
          await onChange(next);
        } finally {
          setLoading(false);
        }
      }}
    />
  );
}
