import { useState } from 'react';
import { Alert, Button, Empty, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { formatBytes } from '@wenku/contracts';
import { useScreen } from '@wenku/ui';
import { errorMessage } from '../../../lib/api';
import { useSiteConfig } from '../../settings/api';
import { ExtBadge } from '../components/ext-badge';
import { MeList } from '../components/me-list';
import { MeSection } from '../components/me-section';
import { useMyDownloads } from '../api';

const SIZE = 10;

/** /me/download: GET /user/download */
export default function MeDownloadPage() {
  const [page, setPage] = useState(1);
  const q = useMyDownloads(page, SIZE);
  const { creditName } = useSiteConfig();
  const { isMobile } = useScreen();
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无下载记录">
      <Link to="/category">
        <Button size="small">去文库逛逛</Button>
      </Link>
    </Empty>
  );
  const cost = (price: number, isPay: boolean) => (isPay && price > 0 ? `${price} ${creditName}` : <Tag color="green">免费</Tag>);
  return (
    <MeSection path="download">
      {q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error, '下载记录加载失败')} />
      ) : isMobile ? (
        <MeList
          loading={q.isLoading}
          empty={empty}
          page={page}
          size={SIZE}
          total={q.data?.total ?? 0}
          onPage={setPage}
          items={q.data?.download.map((r) => ({
            key: r.id,
            ext: r.ext,
            title: r.title,
            to: `/document/${r.document_id}`,
            meta: [`${r.pages} 页`, formatBytes(r.size), dayjs(r.created_at).format('YYYY-MM-DD HH:mm')],
            extra: cost(r.price, r.is_pay),
          }))}
        />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={q.isFetching && !q.data}
          dataSource={q.data?.download ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
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
              render: (v: number, r) => cost(v, r.is_pay),
            },
            { title: '下载时间', dataIndex: 'created_at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          ]}
        />
      )}
    </MeSection>
  );
}
