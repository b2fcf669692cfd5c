import { Tooltip, Typography } from 'antd';
import { muted } from '../../components/crud';

/** A row's error (or note), one line with the whole text on hover. */
export function ErrorText({ text, warning }: { text: string; warning?: boolean }) {
  if (!text) return muted;
  return (
    <Tooltip title={text} placement="topLeft">
      <Typography.Text type={warning ? 'warning' : 'danger'} ellipsis style={{ maxWidth: 260 }}>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
