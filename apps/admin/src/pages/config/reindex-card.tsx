import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Progress, Space, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { formatDateTime } from '../../lib/dates';
import { REINDEX_POLL_MS, durationText, reindexCount, reindexPercent, reindexPhase } from './reindex';

const STATUS_KEY = ['renew', 'document', 'index'] as const;

/**
 * 重建搜索索引: PUT /renew/document/index starts a background rebuild; GET /renew/document/index is polled every
 * 2 s while it runs and shows done/total.
 */
export function ReindexCard() {
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => client.call(api.getDocumentIndexStatus, { signal }),
    refetchInterval: (q) => (q.state.data?.running ? REINDEX_POLL_MS : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const s = status.data;
  const phase = reindexPhase(s);

  const start = async () => {
    setStarting(true);
    try {
      const next = await client.call(api.renewDocumentIndex);
      queryClient.setQueryData(STATUS_KEY, next);
      toast.success('已开始重建搜索索引');
    } catch (err) {
      toast.fail(err, '重建搜索索引失败');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title="搜索索引"
      style={{ marginBottom: 16 }}
      extra={
        <Popconfirm
          title="确定重建搜索索引吗？"
          description="将在后台重新分词并索引全部文档，期间搜索仍可使用。"
          okText="开始重建"
          cancelText="取消"
          onConfirm={start}
          disabled={phase === 'running'}
        >
          <Button type="primary" icon={<SyncOutlined spin={phase === 'running'} />} loading={starting} disabled={phase === 'running'}>
            {phase === 'running' ? '正在重建…' : '重建搜索索引'}
          </Button>
        </Popconfirm>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">修改分词词典或权重后，重建索引才会对已有文档生效。新上传和修改的文档会自动更新索引，无需重建。</Typography.Text>
        {status.isError && <Alert type="warning" showIcon title="无法获取索引重建进度" />}
        {s && phase === 'running' && (
          <div role="status" aria-live="polite">
            <Progress percent={reindexPercent(s)} status="active" format={(p) => `${p}%`} />
            <Typography.Text type="secondary">
              已索引 {reindexCount(s)} 篇文档{s.started_at ? `，开始于 ${formatDateTime(s.started_at, true)}` : ''}
            </Typography.Text>
          </div>
        )}
        {s && phase === 'done' && (
          <div role="status">
            <Progress percent={100} status="success" />
            <Typography.Text type="secondary">
              上次重建完成于 {formatDateTime(s.finished_at, true)}，共 {s.total.toLocaleString('zh-CN')} 篇文档
              {durationText(s.started_at, s.finished_at) ? `，用时 ${durationText(s.started_at, s.finished_at)}` : ''}
            </Typography.Text>
          </div>
        )}
        {s && phase === 'failed' && (
          <Alert
            type="error"
            showIcon
            title="上次重建失败"
            description={`${s.error}（已完成 ${reindexCount(s)}${s.finished_at ? `，${formatDateTime(s.finished_at, true)}` : ''}）`}
          />
        )}
      </Space>
    </Card>
  );
}
