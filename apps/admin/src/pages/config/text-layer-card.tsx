import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Progress, Space, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { formatDateTime } from '../../lib/dates';

const STATUS_KEY = ['renew', 'document', 'text-layer'] as const;
const POLL_MS = 2000;

/**
 * 文字层 (issue 27): documents converted before text layers existed get theirs from a background job (it starts by
 * itself at start-up); PUT /renew/document/text-layer starts it again, GET is polled while it runs: done / total.
 */
export function TextLayerCard() {
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => client.call(api.getTextLayerStatus, { signal }),
    refetchInterval: (q) => (q.state.data?.running ? POLL_MS : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const s = status.data;
  const percent = s && s.total > 0 ? Math.floor((s.done / s.total) * 100) : 100;

  const start = async () => {
    setStarting(true);
    try {
      queryClient.setQueryData(STATUS_KEY, await client.call(api.renewTextLayers));
      toast.success('已开始生成文字层');
    } catch (err) {
      toast.fail(err, '生成文字层失败');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title="文档文字层"
      style={{ marginBottom: 16 }}
      extra={
        <Popconfirm title="为尚无文字层的文档生成文字层？" okText="开始" cancelText="取消" onConfirm={start} disabled={s?.running}>
          <Button type="primary" icon={<FileTextOutlined />} loading={starting} disabled={s?.running || (s && s.done >= s.total)}>
            {s?.running ? '正在生成…' : '生成文字层'}
          </Button>
        </Popconfirm>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          文字层让读者在线选择、复制和查找文档文字。新转换的文档自动生成；此前转换的文档在后台补齐（启动时自动开始）。
        </Typography.Text>
        {status.isError && <Alert type="warning" showIcon title="无法获取文字层生成进度" />}
        {s && (
          <div role="status" aria-live="polite">
            <Progress percent={percent} status={s.running ? 'active' : 'normal'} format={(p) => `${p}%`} />
            <Typography.Text type="secondary">
              已有文字层 {s.done.toLocaleString('zh-CN')} / {s.total.toLocaleString('zh-CN')} 个文件
              {s.failed > 0 ? `，${s.failed} 个无法读取` : ''}
              {s.finished_at && !s.running ? `，上次完成于 ${formatDateTime(s.finished_at, true)}` : ''}
            </Typography.Text>
          </div>
        )}
        {s?.error && <Alert type="error" showIcon title="部分文件未能生成文字层" description={s.error} />}
      </Space>
    </Card>
  );
}
