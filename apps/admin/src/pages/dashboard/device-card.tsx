import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Progress, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import { formatBytes, type TDevice } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';

/** GET /device is read again this often while the dashboard is open. */
export const DEVICE_POLL_MS = 5000;

/** Green under 70 %, orange under 90 %, red above: the usual reading of a gauge. */
export function gaugeColor(percent: number): string {
  return percent >= 90 ? '#ff4d4f' : percent >= 70 ? '#faad14' : '#52c41a';
}

export function uptimeText(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d} 天 ${h} 小时` : h > 0 ? `${h} 小时 ${m} 分钟` : `${m} 分钟`;
}

function Gauge({ title, percent, detail }: { title: string; percent: number; detail: string }) {
  return (
    <div style={{ textAlign: 'center' }}>
      <Progress
        type="dashboard"
        percent={Math.round(percent * 10) / 10}
        size={108}
        status="normal"
        strokeColor={gaugeColor(percent)}
        format={(p) => <span style={{ fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>{p}%</span>}
        aria-label={`${title} ${percent}%`}
      />
      <div style={{ fontWeight: 500, marginTop: 4 }}>{title}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {detail}
      </Typography.Text>
    </div>
  );
}

function Resources({ d }: { d: TDevice }) {
  const disk = d.disk[0];
  const missing = d.engines.filter((e) => !e.installed);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]} justify="space-around">
        <Col xs={12} sm={8}>
          <Gauge title="CPU" percent={d.cpu.percent} detail={`${d.cpu.cores} 核 · 负载 ${d.cpu.load.map((l) => l.toFixed(2)).join(' / ')}`} />
        </Col>
        <Col xs={12} sm={8}>
          <Gauge title="内存" percent={d.memory.percent} detail={`${formatBytes(d.memory.used)} / ${formatBytes(d.memory.total)}`} />
        </Col>
        {disk && (
          <Col xs={12} sm={8}>
            <Gauge title="数据盘" percent={disk.percent} detail={`${formatBytes(disk.used)} / ${formatBytes(disk.total)}`} />
          </Col>
        )}
      </Row>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" styles={{ label: { width: 96, color: '#8c8c8c' } }}>
        <Descriptions.Item label="CPU 型号">
          <Typography.Text ellipsis={{ tooltip: d.cpu.model_name }} style={{ maxWidth: 260 }}>
            {d.cpu.model_name || '—'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="数据库">
          {d.database.kind === 'pglite' ? '内置 PGlite' : 'PostgreSQL'} · {formatBytes(d.database.size)}
        </Descriptions.Item>
        <Descriptions.Item label="任务队列">
          {d.queue.available ? (
            <Space size={4} wrap>
              <Tag color={d.queue.pending ? 'blue' : 'default'}>等待 {d.queue.pending}</Tag>
              <Tag color={d.queue.active ? 'processing' : 'default'}>执行中 {d.queue.active}</Tag>
              {d.queue.failed > 0 && <Tag color="red">近一天失败 {d.queue.failed}</Tag>}
            </Space>
          ) : (
            <Typography.Text type="secondary">本进程未运行任务队列</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="运行时长">
          程序 {uptimeText(d.process_uptime)} · 系统 {uptimeText(d.uptime)}
        </Descriptions.Item>
        <Descriptions.Item label="数据目录">
          <Typography.Text ellipsis={{ tooltip: disk?.path }} style={{ maxWidth: 260 }} code>
            {disk?.path ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="引擎">
          <Space size={4} wrap>
            {d.engines.map((e) => (
              <Tooltip key={e.name} title={e.installed ? e.version || '已安装' : '未安装'}>
                <Tag
                  icon={e.installed ? <CheckCircleFilled /> : <CloseCircleFilled />}
                  color={e.installed ? 'success' : e.required ? 'error' : 'default'}
                  style={{ marginInlineEnd: 0 }}
                >
                  {e.name}
                </Tag>
              </Tooltip>
            ))}
            {!d.engines.length && '—'}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {missing.some((e) => e.required) && (
        <Alert
          type="error"
          showIcon
          title={`必需的引擎未安装：${missing
            .filter((e) => e.required)
            .map((e) => e.name)
            .join('、')}`}
        />
      )}
    </Space>
  );
}

/** 服务器状态: GET /device every 5 seconds while the page is open (CPU, memory, data disk, database, queue, engines). */
export function DeviceCard() {
  const q = useQuery({
    queryKey: ['dashboard', 'device'],
    queryFn: ({ signal }) => client.call(api.getDevice, { signal }),
    refetchInterval: DEVICE_POLL_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
  return (
    <Card
      title="服务器状态"
      variant="borderless"
      style={{ height: '100%' }}
      extra={
        q.data && (
          <Tooltip title={`每 ${DEVICE_POLL_MS / 1000} 秒自动刷新`}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <SyncOutlined spin={q.isFetching} style={{ marginRight: 4 }} />
              {new Date(q.data.sampled_at).toLocaleTimeString('zh-CN', { hour12: false })}
            </Typography.Text>
          </Tooltip>
        )
      }
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : q.isError && !q.data ? (
        <Alert type="warning" showIcon title="服务器状态加载失败" description={errorMessage(q.error)} />
      ) : (
        <Resources d={q.data!} />
      )}
    </Card>
  );
}
