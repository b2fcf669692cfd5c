import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import type { RouteResponse, api as Api } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';

type Env = RouteResponse<typeof Api.getEnvs>['envs'][number];

/** Descriptions for engines the API reports without one. */
const FALLBACK_DESCRIPTIONS: Record<string, string> = {
  extract_chmLib: 'CHM 电子书解包工具（转换 CHM 文档）',
  'fonts-cjk': '中日韩字体：保证中文正确显示',
  fonts: '中日韩字体：保证中文正确显示',
  'ebook-convert': 'Calibre：转换 EPUB、MOBI 等电子书',
  inkscape: 'Inkscape：矢量图处理',
  svgo: 'SVGO：压缩 SVG 页面',
};

export function describeEnv(e: Pick<Env, 'name' | 'description'>): string {
  return e.description || FALLBACK_DESCRIPTIONS[e.name] || '—';
}

/** Engines first that are required and missing (they break conversion), then the rest as the API lists them. */
export function sortEnvs(envs: readonly Env[]): Env[] {
  const rank = (e: Env) => (e.required && !e.installed ? 0 : 1);
  return [...envs].sort((a, b) => rank(a) - rank(b));
}

/** GET /envs, shared by the dashboard and the config pages' engine cards (one request, cached a minute). */
export function useEnvs() {
  return useQuery({ queryKey: ['envs'], queryFn: ({ signal }) => client.call(api.getEnvs, { signal }), staleTime: 60_000 });
}

/** 已安装 / 未安装, red when a required engine is missing. */
export function EnvStatus({ env }: { env: Pick<Env, 'installed' | 'required'> }) {
  return env.installed ? (
    <Typography.Text type="success">
      <CheckCircleFilled /> 已安装
    </Typography.Text>
  ) : (
    <Typography.Text type={env.required ? 'danger' : 'secondary'}>
      <CloseCircleFilled /> 未安装
    </Typography.Text>
  );
}

/** GET /envs: the conversion engines and tools, installed or not, with versions. */
export function EnvsCard() {
  const q = useEnvs();
  const envs = sortEnvs(q.data?.envs ?? []);
  const missing = envs.filter((e) => e.required && !e.installed).length;
  return (
    <Card
      title="运行环境"
      variant="borderless"
      extra={
        <span>
          {q.data && (missing ? <Tag color="red">{missing} 项必需依赖缺失</Tag> : <Tag color="green">必需依赖齐全</Tag>)}
          <Tooltip title="重新检测">
            <ReloadOutlined spin={q.isFetching} style={{ color: '#8c8c8c', cursor: 'pointer', marginInlineStart: 8 }} onClick={() => q.refetch()} />
          </Tooltip>
        </span>
      }
      styles={{ body: { paddingTop: 8 } }}
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : q.isError ? (
        <Result status="warning" title="获取运行环境失败" subTitle={errorMessage(q.error)} />
      ) : (
        <Table<Env>
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={envs}
          rowClassName={(e) => (e.required && !e.installed ? 'wenku-env-missing' : '')}
          columns={[
            {
              title: '组件',
              dataIndex: 'name',
              width: 160,
              render: (_, e) => (
                <span>
                  <Typography.Text strong style={{ fontFamily: 'Menlo, Consolas, monospace' }}>
                    {e.name}
                  </Typography.Text>
                  {e.required && (
                    <Tag color={e.installed ? 'blue' : 'red'} style={{ marginInlineStart: 6 }}>
                      必需
                    </Tag>
                  )}
                </span>
              ),
            },
            {
              title: '状态',
              dataIndex: 'installed',
              width: 90,
              render: (_, e) => <EnvStatus env={e} />,
            },
            {
              title: '版本',
              dataIndex: 'version',
              width: 140,
              ellipsis: true,
              render: (_, e) => e.version || <Typography.Text type="secondary">—</Typography.Text>,
            },
            {
              title: '说明',
              dataIndex: 'description',
              render: (_, e) => <Typography.Text type={e.required && !e.installed ? 'danger' : undefined}>{describeEnv(e)}</Typography.Text>,
            },
          ]}
        />
      )}
    </Card>
  );
}
