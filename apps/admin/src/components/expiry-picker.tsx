import { Button, DatePicker, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { EXPIRY_SHORTCUTS, expiryShortcutValue, untilText } from '../lib/dates';

/**
 * An end time: a date-time picker with the spec's quick buttons (1小时 … 1年, counted from now);
 * empty means permanent.
 */
export function ExpiryPicker({ value, onChange, emptyText = '永久有效' }: { value?: Dayjs | null; onChange?: (v: Dayjs | null) => void; emptyText?: string }) {
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap size={12}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={value ?? null}
          onChange={(v) => onChange?.(v)}
          placeholder={`不填则${emptyText}`}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: 220 }}
        />
        {value ? (
          <span>
            <Typography.Text type="secondary">{untilText(value.toDate())}</Typography.Text>
            <Typography.Link style={{ marginInlineStart: 12 }} onClick={() => onChange?.(null)}>
              改为{emptyText}
            </Typography.Link>
          </span>
        ) : (
          <Typography.Text type="success">{emptyText}</Typography.Text>
        )}
      </Space>
      <Space wrap size={[6, 6]}>
        {EXPIRY_SHORTCUTS.map((s) => (
          <Button key={s.key} size="small" autoInsertSpace={false} onClick={() => onChange?.(expiryShortcutValue(s.key))}>
            {s.label}
          </Button>
        ))}
      </Space>
    </Space>
  );
}
