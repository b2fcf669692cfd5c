import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { SettingOutlined, SyncOutlined } from '@ant-design/icons';
import type { TRelease } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { formatDateTime } from '../../lib/dates';

const RELEASE_KEY = ['dashboard', 'release'] as const;

/** The release state an answer implies, for the card's one-line summary. */
export function releaseSummary(r: TRelease): { color: string; text: string } {
  if (r.has_update) return { color: 'orange', text: `发现新版本 ${r.tag_name}` };
  if (r.error) return { color: 'default', text: r.error };
  if (r.tag_name && r.ignore === r.tag_name) return { color: 'default', text: `已忽略版本 ${r.tag_name}` };
  if (r.remind_at && r.tag_name) return { color: 'default', text: `已设置稍后提醒（${formatDateTime(r.remind_at)}）` };
  return { color: 'green', text: '已是最新版本' };
}

function SourceModal({ open, initial, onClose }: { open: boolean; initial: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ source: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { source } = await form.validateFields();
    setSaving(true);
    try {
      const r = await client.call(api.setReleaseSource, { body: { source: source.trim() } });
      queryClient.setQueryData(RELEASE_KEY, r);
      if (r.error) toast.warning(`版本源已保存：${r.error}`);
      else toast.success('版本源已保存');
      onClose();
    } catch (err) {
      toast.fail(err, '保存版本源失败');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="设置版本源" open={open} onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存并检查" cancelText="取消" destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ source: initial }} preserve={false}>
        <Form.Item
          name="source"
          label="版本源地址"
          extra="返回 JSON 的地址：GitHub/Gitee 的 releases 接口，或含 tag_name（或 version）、name、body 的 JSON 文件。留空则不检查更新。服务器只读取版本信息，不会自动升级。"
          rules={[{ pattern: /^(https?:\/\/\S+)?$/i, message: '版本源地址须以 http:// 或 https:// 开头' }]}
        >
          <Input placeholder="https://api.github.com/repos/<owner>/<repo>/releases/latest" allowClear maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 版本与授权: GET /release and GET /license; check again, remind me later, ignore this version, set the source. */
export function ReleaseCard() {
  const queryClient = useQueryClient();
  const release = useQuery({ queryKey: RELEASE_KEY, queryFn: ({ signal }) => client.call(api.getRelease, { signal }), staleTime: 5 * 60_000, retry: false });
  const license = useQuery({ queryKey: ['dashboard', 'license'], queryFn: ({ signal }) => client.call(api.getLicense, { signal }), staleTime: Infinity });
  const [busy, setBusy] = useState<'check' | 'later' | 'ignore' | null>(null);
  const [editing, setEditing] = useState(false);

  const act = async (kind: 'check' | 'later' | 'ignore') => {
    setBusy(kind);
    try {
      const r =
        kind === 'ignore'
          ? await client.call(api.ignoreRelease, { body: { tag_name: release.data!.tag_name } })
          : await client.call(api.refreshRelease, { body: kind === 'later' ? { remind_after_days: 7 } : {} });
      queryClient.setQueryData(RELEASE_KEY, r);
      if (kind === 'check') {
        if (r.error) toast.warning(r.error);
        else toast.success(r.has_update ? `发现新版本 ${r.tag_name}` : '已是最新版本');
      } else toast.success(kind === 'later' ? '将在 7 天后再次提醒' : `已忽略版本 ${r.tag_name}`);
    } catch (err) {
      toast.fail(err, '操作失败');
    } finally {
      setBusy(null);
    }
  };

  const r = release.data;
  const l = license.data;
  const summary = r && releaseSummary(r);
  return (
    <Card
      title="版本与授权"
      variant="borderless"
      style={{ height: '100%' }}
      extra={
        <Space size={4}>
          <Button size="small" icon={<SyncOutlined spin={busy === 'check'} />} onClick={() => void act('check')} disabled={!r || busy !== null}>
            检查更新
          </Button>
          <Button size="small" icon={<SettingOutlined />} onClick={() => setEditing(true)} disabled={!r} aria-label="设置版本源" />
        </Space>
      }
    >
      {release.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : release.isError ? (
        <Alert type="warning" showIcon title="版本信息加载失败" />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {r!.has_update && (
            <Alert
              type="info"
              showIcon
              title={`发现新版本 ${r!.tag_name}${r!.name && r!.name !== r!.tag_name ? `（${r!.name}）` : ''}`}
              description={
                <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                  {r!.body && (
                    <Typography.Paragraph ellipsis={{ rows: 3, expandable: true, symbol: '展开' }} style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                      {r!.body}
                    </Typography.Paragraph>
                  )}
                  <Space wrap size={8}>
                    {r!.url && (
                      <Button size="small" type="primary" href={r!.url} target="_blank" rel="noopener noreferrer">
                        查看发布说明
                      </Button>
                    )}
                    <Button size="small" loading={busy === 'later'} disabled={busy !== null} onClick={() => void act('later')}>
                      稍后提醒
                    </Button>
                    <Button size="small" loading={busy === 'ignore'} disabled={busy !== null} onClick={() => void act('ignore')}>
                      忽略此版本
                    </Button>
                  </Space>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    升级需由运维人员更新程序后重启服务，后台不会自动升级。
                  </Typography.Text>
                </Space>
              }
            />
          )}
          <Descriptions column={1} size="small" styles={{ label: { width: 96, color: '#8c8c8c' } }}>
            <Descriptions.Item label="当前版本">
              <Space size={6} wrap>
                <span>v{r!.current}</span>
                {r!.build && (
                  <Typography.Text code copyable={{ text: r!.build }}>
                    {r!.build}
                  </Typography.Text>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="最新版本">
              <Space size={6} wrap>
                {r!.tag_name && <span>{r!.tag_name}</span>}
                <Tag color={summary!.color}>{summary!.text}</Tag>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="检查时间">{r!.checked_at ? formatDateTime(r!.checked_at, true) : '—'}</Descriptions.Item>
            <Descriptions.Item label="授权协议">
              {l ? (
                <Space size={6} wrap>
                  <a href={l.license_url} target="_blank" rel="noopener noreferrer">
                    {l.license}
                  </a>
                  <Tag>{l.edition}</Tag>
                </Space>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            {l?.source_url && (
              <Descriptions.Item label="源代码">
                <a href={l.source_url} target="_blank" rel="noopener noreferrer">
                  {l.source_url}
                </a>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Space>
      )}
      {editing && <SourceModal open={editing} initial={r?.source ?? ''} onClose={() => setEditing(false)} />}
    </Card>
  );
}
