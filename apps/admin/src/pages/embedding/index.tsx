import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Progress, Tooltip } from 'antd';
import { TASK_STATUS_OPTIONS, TaskStatus, ZEmbeddingTask, type TEmbeddingTask } from '@wenku/contracts';
import { col, muted } from '../../components/crud';
import { TaskQueuePage, type TaskQueueContext } from '../../components/task-queue';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { isIndexing, percentOf, STATS_POLL_MS } from './lib';
import { StatsCard } from './stats-card';
import { RetrievalTest } from './retrieval-test';

const embeddingKeys = { stats: ['embedding', 'stats'] as const };

const request = listRequest(api.listEmbeddingTasks, 'embedding', { row: ZEmbeddingTask });

/**
 * The index's summary (GET /embedding/stats) with 重试 and 全部重建. While anything is waiting or running it is read
 * again every few seconds, and the table follows it: a task's state changes whenever the counts do.
 */
function EmbeddingSummary({ ctx }: { ctx: TaskQueueContext<TEmbeddingTask> }) {
  const stats = useQuery({
    queryKey: embeddingKeys.stats,
    queryFn: ({ signal }) => client.call(api.getEmbeddingStats, { signal }),
    refetchInterval: (q) => (isIndexing(q.state.data) ? STATS_POLL_MS : false),
  });
  const s = stats.data;
  const progressKey = s ? [s.pending, s.processing, s.done, s.failed, s.vectors, s.next_vectors].join(':') : '';
  const lastKey = useRef('');
  const reload = useRef(ctx.reloadTable);
  reload.current = ctx.reloadTable;
  useEffect(() => {
    if (!progressKey) return;
    if (lastKey.current && lastKey.current !== progressKey) reload.current();
    lastKey.current = progressKey;
  }, [progressKey]);

  const rebuild = useMutation({
    mutationFn: () => client.call(api.rebuildEmbedding, {}),
    onSuccess: (res) => {
      toast.success(`已开始重建，共 ${res.count} 篇文档`);
      ctx.reload();
    },
    onError: (e) => toast.fail(e, '重建失败'),
  });

  return (
    <div style={{ marginBottom: 16 }}>
      <StatsCard
        stats={s}
        loading={stats.isPending}
        error={stats.error}
        refreshing={stats.isFetching}
        onRefresh={ctx.reload}
        selected={ctx.selected.length}
        retrying={ctx.retrying}
        rebuilding={rebuild.isPending}
        onRetry={() => void ctx.retry(ctx.selected.map(Number))}
        onRebuild={() => rebuild.mutateAsync().catch(() => undefined)}
      />
    </div>
  );
}

/**
 * /ai/embedding (向量化): the AI index of the library — the model and engine in use, progress, per-document tasks with
 * their errors, 重试失败 and 全部重建, and a retrieval hit test; the task queue page configured for the index.
 */
export default function EmbeddingPage() {
  return (
    <TaskQueuePage<TEmbeddingTask>
      headerTitle="向量化任务"
      subTitle="把文档切分成带页码的段落并生成向量，供 AI 搜索与文档问答检索；未配置向量模型时只用关键词检索"
      request={request}
      rowKey="document_id"
      keyword="文档标题"
      status={{ options: TASK_STATUS_OPTIONS }}
      subject={() => [col.documentTitle<TEmbeddingTask>()]}
      progress={() => [
        {
          title: '已向量化',
          key: 'embedded',
          width: 150,
          search: false,
          render: (_, row) =>
            row.chunks > 0 ? (
              <Tooltip title={`${row.embedded} / ${row.chunks} 个切片有向量`}>
                <Progress
                  percent={percentOf(row.embedded, row.chunks)}
                  size="small"
                  format={() => `${row.embedded}/${row.chunks}`}
                  status={row.status === TaskStatus.Failed ? 'exception' : undefined}
                />
              </Tooltip>
            ) : (
              muted
            ),
        },
      ]}
      error={{ width: 220 }}
      details={() => [
        { title: '切片', dataIndex: 'chunks', width: 80, align: 'right', search: false },
        col.text<TEmbeddingTask>('模型', 'model', { width: 150 }),
        { title: '尝试次数', dataIndex: 'attempts', width: 90, align: 'right', search: false },
      ]}
      retry={{
        route: api.retryEmbedding,
        can: (row) => row.status === TaskStatus.Failed,
        success: (count, ids) => (count > 0 ? `已重新排队 ${count} 篇文档` : ids.length ? '选中的文档无需重试' : '没有失败的任务'),
        error: '重试失败',
      }}
      invalidate={[embeddingKeys.stats]}
      header={(ctx) => <EmbeddingSummary ctx={ctx} />}
      width={1300}
    >
      {() => <RetrievalTest />}
    </TaskQueuePage>
  );
}
