import { Typography } from 'antd';
import { useAiQuota } from '../api';

/** 今日剩余 N 次 (GET /user/ai/quota); nothing while loading or when the quota cannot be read. */
export function QuotaNote() {
  const quota = useAiQuota();
  if (!quota.data) return null;
  const left = quota.data.remaining;
  return (
    <Typography.Text type={left > 0 ? 'secondary' : 'danger'} className="wk-chat-quota">
      今日剩余 {left} 次
    </Typography.Text>
  );
}
