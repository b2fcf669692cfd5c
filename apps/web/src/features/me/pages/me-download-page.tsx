import { useState } from 'react';
import { Alert, Empty, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { formatBytes } from '@wenku/contracts';
import { errorMessage } from '../../../lib/api';
import { useSiteConfig } from '../../settings/api';
import { ExtBadge } from '../components/ext-badge';
import { MeSection } from '../components/me-section';
import { useMyDownloads } from '../api';

const SIZE = 10;

/** /me/download: GET /user/download */
export default function MeDownloadPage() {
  const [page, setPage] = useState(1);
  const q = useMyDownloads(page, SIZE);
  const { creditName } = useSiteConfig();
  return (
    <MeSection path="download">
      {q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error, '下载记录加载失败')} />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={q.isFetching && !q.data}
          dataSource={q.data?.download ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无下载记录">
                <Link to="/category">去文库逛逛</Link>
              </Empty>
            ),
          }}
          pagination={{ current: page, pageSize: SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            {
              title: '文档',
              dataIndex: 'title',
              render: (v: string, r) => (
                <span className="wk-me-doc-title">
                  <ExtBadge ext={r.ext} />
                  <Link to={`/document/${r.document_id}`} title={v}>
                    {v}
                  </Link>
                </span>
              ),
            },
            { title: '页数', dataIndex: 'pages', width: 70, align: 'right' },
            { title: '大小', dataIndex: 'size', width: 100, align: 'right', render: (v: number) => formatBytes(v) },
            {
              title: '花费',
              dataIndex: 'price',
              width: 100,
              align: 'right',
              render: (v: number, r) => (r.is_pay && v > 0 ? `${v} ${creditName}` : <Tag color="green">免费</Tag>),
            },
            { title: '下载时间', dataIndex: 'created_at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          ]}
        />
      )}
    </MeSection>
  );
}
