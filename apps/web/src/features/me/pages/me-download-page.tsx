import { useState } from 'react';
import { Button, Empty, Tag } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { formatBytes } from '@wenku/contracts/format';
import { useCreditName } from '../../settings/api';
import { documentHref } from '../../document/lib/href';
import { MeTable, MeTitleCell } from '../components/me-table';
import { MeSection } from '../components/me-section';
import { useMyDownloads } from '../api';

const SIZE = 10;

/** /me/download: GET /user/download */
export default function MeDownloadPage() {
  const [page, setPage] = useState(1);
  const q = useMyDownloads(page, SIZE);
  const creditName = useCreditName();
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
      <MeTable
        query={q}
        rows={q.data?.download}
        errorText="下载记录加载失败"
        empty={empty}
        page={page}
        size={SIZE}
        onPage={setPage}
        item={(r) => ({
          key: r.id,
          ext: r.ext,
          title: r.title,
          to: documentHref({ uuid: r.document_uuid }),
          meta: [`${r.pages} 页`, formatBytes(r.size), dayjs(r.created_at).format('YYYY-MM-DD HH:mm')],
          extra: cost(r.price, r.is_pay),
        })}
        columns={[
          {
            title: '文档',
            dataIndex: 'title',
            render: (v: string, r) => <MeTitleCell ext={r.ext} to={documentHref({ uuid: r.document_uuid })} title={v} />,
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
    </MeSection>
  );
}
