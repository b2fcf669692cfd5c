import { Card, Result, Skeleton, Table, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { RouteResponse, api as Api } from '@wenku/contracts';
import { errorMessage } from '../../lib/api';
import { EnvStatus, useEnvs } from '../dashboard/envs-card';

type Env = RouteResponse<typeof Api.getEnvs>['envs'][number];

/** The OCR engines among GET /envs; the rest are the conversion's (plus the retrieval engine, shown on its own page). */
export const OCR_ENVS = ['tesseract', 'tesseract.js'];
const NOT_CONVERSION = [...OCR_ENVS, '向量检索', 'pgvector', 'vector'];

export function envsFor(category: 'ocr' | 'converter', envs: readonly Env[]): Env[] {
  return category === 'ocr' ? envs.filter((e) => OCR_ENVS.includes(e.name)) : envs.filter((e) => !NOT_CONVERSION.includes(e.name));
}

/** Read-only: which engines this server has for the section's work (GET /envs), re-detected on demand. */
export function EnginesCard({ category }: { category: 'ocr' | 'converter' }) {
  const q = useEnvs();
  const envs = envsFor(category, q.data?.envs ?? []);
  return (
    <Card
      variant="borderless"
      title={category === 'ocr' ? '识别引擎（本服务器）' : '转换引擎（本服务器）'}
      style={{ marginBottom: 16 }}
      extra={
        <Tooltip title="重新检测">
          <ReloadOutlined aria-label="重新检测" spin={q.isFetching} style={{ color: '#8c8c8c', cursor: 'pointer' }} onClick={() => q.refetch()} />
        </Tooltip>
      }
      styles={{ body: { paddingTop: 8 } }}
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : q.isError ? (
        <Result status="warning" title="获取引擎信息失败" subTitle={errorMessage(q.error)} />
      ) : (
        <Table<Env>
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={envs}
          columns={[
            { title: '引擎', dataIndex: 'name', width: 130, render: (_, e) => <Typography.Text strong>{e.name}</Typography.Text> },
            {
              title: '状态',
              dataIndex: 'installed',
              width: 96,
              render: (_, e) => <EnvStatus env={e} />,
            },
            { title: '版本', dataIndex: 'version', width: 110, render: (_, e) => e.version || '—' },
            { title: '说明', dataIndex: 'description', responsive: ['md'], render: (_, e) => e.description || '—' },
          ]}
        />
      )}
    </Card>
  );
}
