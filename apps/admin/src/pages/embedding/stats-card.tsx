import type { ReactNode } from 'react';
import { Button, Card, Col, Popconfirm, Progress, Result, Row, Skeleton, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined, SyncOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { TEmbeddingStats } from '@wenku/contracts';
import { errorMessage } from '../../lib/api';
import { ENGINE_LABELS, modelLabel, percentOf } from './lib';

export interface StatsCardProps {
  stats: TEmbeddingStats | undefined;
  loading: boolean;
  error: unknown;
  refreshing: boolean;
  onRefresh: () => void;
  /** documents selected in the table (重试 retries those, else every failed one) */
  selected: number;
  retrying: boolean;
  rebuilding: boolean;
  onRetry: () => void;
  onRebuild: () => Promise<unknown>;
}

const n = (v: number) => v.toLocaleString('zh-CN');

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="wenku-embedding-item">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div>{children}</div>
    </div>
  );
}

/** GET /embedding/stats: the model, the engine, counts and progress; the 重试失败 and 全部重建 actions. */
export function StatsCard(p: StatsCardProps) {
  const s = p.stats;
  const actions = (
    <Space wrap>
      <Tooltip title={p.selected ? '重新向量化表格中选中的文档' : '重新向量化所有失败的文档'}>
        <Button icon={<ReloadOutlined />} loading={p.retrying} disabled={!s || (!p.selected && s.failed === 0)} onClick={p.onRetry}>
          {p.selected ? `重试选中（${p.selected}）` : '重试失败'}
        </Button>
      </Tooltip>
      <Popconfirm
        title="全部重建向量索引？"
        description={
          <div style={{ maxWidth: 320 }}>将在后台重新切分并向量化全部文档，文档多时需要较长时间；重建期间 AI 搜索与文档问答照常使用现有索引回答。</div>
        }
        okText="开始重建"
        cancelText="取消"
        onConfirm={p.onRebuild}
      >
        <Button icon={<ThunderboltOutlined />} loading={p.rebuilding} disabled={!s}>
          全部重建
        </Button>
      </Popconfirm>
    </Space>
  );
  return (
    <Card
      title="索引概况"
      variant="borderless"
      extra={
        <Space>
          {actions}
          <Tooltip title="刷新">
            <Button type="text" icon={<SyncOutlined spin={p.refreshing} />} aria-label="刷新概况" onClick={p.onRefresh} />
          </Tooltip>
        </Space>
      }
      data-testid="embedding-stats"
    >
      {p.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !s ? (
        <Result status="warning" title="获取向量化概况失败" subTitle={errorMessage(p.error)} />
      ) : (
        <>
          <Row gutter={[24, 16]}>
            <Col xs={24} md={12} xl={8}>
              <Item label="向量模型">
                {s.model ? <Typography.Text strong>{s.model}</Typography.Text> : <Typography.Text type="warning">{modelLabel(s.model)}</Typography.Text>}
              </Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Item label="向量引擎">
                <Tag color={s.engine === 'pgvector' ? 'blue' : 'default'}>{ENGINE_LABELS[s.engine] ?? s.engine}</Tag>
              </Item>
            </Col>
            <Col xs={12} md={6} xl={3}>
              <Item label="维度">{s.dimension > 0 ? n(s.dimension) : '—'}</Item>
            </Col>
            <Col xs={8} md={8} xl={3}>
              <Statistic title="文档" value={s.documents} />
            </Col>
            <Col xs={8} md={8} xl={3}>
              <Statistic title="切片" value={s.chunks} />
            </Col>
            <Col xs={8} md={8} xl={3}>
              <Statistic title="向量" value={s.vectors} />
            </Col>
          </Row>
          <div style={{ marginTop: 16 }}>
            <Typography.Text>
              已完成 {n(s.done)} / {n(s.documents)} 篇
            </Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 12 }}>
              待处理 {n(s.pending)} · 处理中 {n(s.processing)} ·{' '}
              <Typography.Text type={s.failed > 0 ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                失败 {n(s.failed)}
              </Typography.Text>
            </Typography.Text>
            <Progress
              percent={percentOf(s.done, s.documents)}
              status={s.pending + s.processing > 0 ? 'active' : s.failed > 0 ? 'exception' : undefined}
              aria-label="向量化进度"
            />
          </div>
          {s.next_model && (
            <div style={{ marginTop: 8 }} data-testid="embedding-switch">
              <Typography.Text>正在切换到 {s.next_model}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 12 }}>
                {n(s.next_vectors)} / {n(s.chunks)} 个切片 · 完成前回答继续使用 {s.model || '关键词检索'}
              </Typography.Text>
              <Progress percent={percentOf(s.next_vectors, s.chunks)} status="active" strokeColor="#722ed1" aria-label="模型切换进度" />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
