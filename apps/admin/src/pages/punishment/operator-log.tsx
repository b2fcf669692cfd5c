import { Timeline, Typography } from 'antd';
import type { TPunishment } from '@wenku/contracts';
import { formatDateTime } from '../../lib/dates';
import { operatorActionLabel } from './form-values';

const COLORS: Record<string, string> = { create: 'red', update: 'blue', cancel: 'green' };

/** Who created, changed and cancelled a punishment (the expanded row). */
export function OperatorLog({ row }: { row: TPunishment }) {
  if (!row.operators.length) return <Typography.Text type="secondary">暂无操作记录</Typography.Text>;
  return (
    <div style={{ padding: '12px 24px 0' }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 12 }}>
        操作记录
      </Typography.Text>
      <Timeline
        items={row.operators.map((o, i) => ({
          key: i,
          color: COLORS[o.action] ?? 'gray',
          content: (
            <span>
              <Typography.Text type="secondary">{formatDateTime(o.at, true)}</Typography.Text>
              <span style={{ marginInlineStart: 12 }}>
                管理员 <Typography.Text strong>{o.username || `ID ${o.user_id}`}</Typography.Text> {operatorActionLabel(o.action)}了该处罚
              </span>
            </span>
          ),
        }))}
      />
    </div>
  );
}
