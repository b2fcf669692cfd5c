import { useEffect, useRef, useState, type Key } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Progress, Space, Tooltip, Typography } from 'antd';
import { TASK_STATUS_OPTIONS, TaskStatus, ZEmbeddingTask, toValueEnum, type TEmbeddingTask } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { col, muted } from '../../components/crud';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest, type ProTableParams } from '../../lib/pro-table';
import { isIndexing, percentOf, STATS_POLL_MS } from './lib';
import { StatsCard } from './stats-card';
import { RetrievalTest } from './retrieval-test';

const embeddingKeys = { stats: ['embedding', 'stats'] as const };

const request = listRequest(api.listEmbeddingTasks, 'embedding', { row: ZEmbeddingTask });

/**
 * /ai/embedding (向量化): the AI index of the library — the model and engine in use, progress, per-document tasks with
 * their errors, 重试失败 and 全部重建, and a retrieval hit test. While anything is waiting or running, the stats (and the
 * table) are read again every few seconds.
 */
export default function EmbeddingPage() {
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const stats = useQuery({
    queryKey: embeddingKeys.stats,
    queryFn: ({ signal }) => client.call(api.getEmbeddingStats, { signal }),
    refetchInterval: (q) => (isIndexing(q.state.data) ? STATS_POLL_MS : false),
  });

  // the table follows the stats while indexing: a task's state changes whenever the counts do
  const s = stats.data;
  const progressKey = s ? [s.pending, s.processing, s.done, s.failed, s.vectors, s.next_vectors].join(':') : '';
  const lastKey = useRef('');
  useEffect(() => {
    if (!progressKey) return;
    if (lastKey.current && lastKey.current !== progressKey) void actionRef.current?.reload();
    lastKey.current = progressKey;
  }, [progressKey]);

  const refresh = () => {
    void stats.refetch();
    void actionRef.current?.reload();
  };

  const retry = useMutation({
    mutationFn: (ids: number[]) => client.call(api.retryEmbedding, { body: { id: ids } }),
    onSuccess: (res, ids) => {
      toast.success(res.count > 0 ? `已重新排队 ${res.count} 篇文档` : ids.length ? '选中的文档无需重试' : '没有失败的任务');
      setSelected([]);
      actionRef.current?.clearSelected?.();
      refresh();
    },
    onError: (e) => toast.fail(e, '重试失败'),
  });
  const rebuild = useMutation({
    mutationFn: () => client.call(api.rebuildEmbedding, {}),
    onSuccess: (res) => {
      toast.success(`已开始重建，共 ${res.count} 篇文档`);
      refresh();
    },
    onError: (e) => toast.fail(e, '重建失败'),
  });

  const columns: ProColumns<TEmbeddingTask>[] = [
    col.keyword<TEmbeddingTask>('文档标题'),
    col.documentTitle<TEmbeddingTask>(),
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: toValueEnum(TASK_STATUS_OPTIONS),
      fieldProps: { placeholder: '全部状态' },
    },
    {
      title: '错误信息',
      dataIndex: 'error',
      width: 220,
      search: false,
      ellipsis: { showTitle: false },
      render: (_, row) =>
        row.error ? (
          <Tooltip title={row.error} placement="topLeft">
            <Typography.Text type="danger">{row.error}</Typography.Text>
          </Tooltip>
        ) : (
          muted
        ),
    },
    { title: '切片', dataIndex: 'chunks', width: 80, align: 'right', search: false },
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
    col.text<TEmbeddingTask>('模型', 'model', { width: 150 }),
    { title: '尝试次数', dataIndex: 'attempts', width: 90, align: 'right', search: false },
    { title: '更新时间', dataIndex: 'updated_at', valueType: 'dateTime', width: 172, search: false },
    col.option<TEmbeddingTask>(80, (row) =>
      row.status === TaskStatus.Failed
        ? [
            <a key="retry" onClick={() => retry.mutate([row.document_id])}>
              重试
            </a>,
          ]
        : [],
    ),
  ];

  return (
    <AdminPage subTitle="把文档切分成带页码的段落并生成向量，供 AI 搜索与文档问答检索；未配置向量模型时只用关键词检索">
      <StatsCard
        stats={s}
        loading={stats.isPending}
        error={stats.error}
        refreshing={stats.isFetching}
        onRefresh={refresh}
        selected={selected.length}
        retrying={retry.isPending}
        rebuilding={rebuild.isPending}
        onRetry={() => retry.mutate(selected.map(Number))}
        onRebuild={() => rebuild.mutateAsync().catch(() => undefined)}
      />
      <ProTable<TEmbeddingTask, ProTableParams>
        style={{ marginTop: 16 }}
        rowKey="document_id"
        actionRef={actionRef}
        headerTitle="向量化任务"
        columns={columns}
        request={request}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        tableAlertOptionRender={({ onCleanSelected }) => (
          <Space size={16}>
            <Typography.Link onClick={() => retry.mutate(selected.map(Number))}>重试选中</Typography.Link>
            <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
          </Space>
        )}
      />
      <RetrievalTest />
    </AdminPage>
  );
}
