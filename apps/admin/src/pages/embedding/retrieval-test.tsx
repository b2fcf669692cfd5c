import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { TRetrievalMode } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import { siteUrl } from '../../lib/session';
import { RETRIEVAL_MODE_OPTIONS, rankLabel } from './lib';

/** GET /embedding/search: ask a question as AI search would and see which passages come back, ranked, and how fast. */
export function RetrievalTest() {
  const [wd, setWd] = useState('');
  const [mode, setMode] = useState<TRetrievalMode>('hybrid');
  const search = useMutation({
    mutationFn: (q: { wd: string; mode: TRetrievalMode }) => client.call(api.testRetrieval, { query: { wd: q.wd, mode: q.mode, size: 10 } }),
  });
  const run = () => {
    const q = wd.trim();
    if (q) search.mutate({ wd: q, mode });
  };
  const res = search.data;
  return (
    <Card title="检索测试" variant="borderless" style={{ marginTop: 16 }} data-testid="retrieval-test">
      <Space.Compact style={{ width: '100%', maxWidth: 760 }}>
        <Input
          value={wd}
          onChange={(e) => setWd(e.target.value)}
          onPressEnter={run}
          placeholder="输入一个问题，看看会检索到哪些段落"
          aria-label="检索问题"
          maxLength={500}
          allowClear
        />
        <Button type="primary" icon={<SearchOutlined />} loading={search.isPending} disabled={!wd.trim()} onClick={run}>
          检索
        </Button>
      </Space.Compact>
      <div style={{ marginTop: 12 }}>
        <Segmented<TRetrievalMode> value={mode} onChange={setMode} options={RETRIEVAL_MODE_OPTIONS} aria-label="检索方式" />
        <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 12 }}>
          混合：关键词与向量结果按倒数排名融合；未配置向量模型时只有关键词检索
        </Typography.Text>
      </div>
      {search.isError && <Alert type="error" showIcon style={{ marginTop: 16 }} message={errorMessage(search.error, '检索失败')} />}
      {res && (
        <div style={{ marginTop: 16 }}>
          <Typography.Text type="secondary" data-testid="retrieval-summary">
            共 {res.passages.length} 条 · 耗时 {Math.round(res.took_ms)} ms · {RETRIEVAL_MODE_OPTIONS.find((o) => o.value === res.mode)?.label ?? res.mode}
          </Typography.Text>
          {res.passages.length === 0 ? (
            <Empty description="没有检索到相关段落" />
          ) : (
            <ol style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
              {res.passages.map((p, i) => (
                <li key={`${p.document_id}-${p.page}-${i}`} data-testid="retrieval-passage" style={{ padding: '12px 0', borderTop: '1px solid #f0f0f0' }}>
                  <Space size={8} wrap>
                    <Tag color="blue">{i + 1}</Tag>
                    <Typography.Link
                      href={siteUrl(`/document/${encodeURIComponent(p.uuid)}${p.page > 0 ? `?page=${p.page}` : ''}`)}
                      target="_blank"
                      rel="noreferrer"
                      strong
                    >
                      {p.title}
                    </Typography.Link>
                    {p.page > 0 && <Typography.Text type="secondary">第{p.page}页</Typography.Text>}
                    <Tooltip title="融合后的得分">
                      <Tag>得分 {p.score.toFixed(4)}</Tag>
                    </Tooltip>
                    <Tag color={p.keyword_rank > 0 ? 'green' : 'default'}>关键词 {rankLabel(p.keyword_rank)}</Tag>
                    <Tag color={p.vector_rank > 0 ? 'purple' : 'default'}>向量 {rankLabel(p.vector_rank)}</Tag>
                  </Space>
                  <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 13 }} ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}>
                    {p.snippet || '（无摘录）'}
                  </Typography.Paragraph>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Card>
  );
}
