import { useState } from 'react';
import { Button, Empty } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { documentHref } from '../../document/lib/href';
import { MeTable, MeTitleCell } from '../components/me-table';
import { MeSection } from '../components/me-section';
import { useMyReading } from '../api';

const SIZE = 10;

/** The link that continues a document where the reader stopped. */
const resumeHref = (uuid: string, page: number) => `${documentHref({ uuid })}?page=${page}`;

/** /me/reading: GET /document/progress/list — 最近阅读, each document opened at the page where the reader stopped. */
export default function MeReadingPage() {
  const [page, setPage] = useState(1);
  const q = useMyReading(page, SIZE);
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无阅读记录">
      <Link to="/category">
        <Button size="small">去文库逛逛</Button>
      </Link>
    </Empty>
  );
  return (
    <MeSection path="reading">
      <MeTable
        query={q}
        rows={q.data?.document.map((d) => ({ ...d, id: d.document_id }))}
        errorText="阅读记录加载失败"
        empty={empty}
        page={page}
        size={SIZE}
        onPage={setPage}
        item={(r) => ({
          key: r.document_id,
          ext: r.ext,
          title: r.title,
          to: resumeHref(r.uuid, r.page),
          meta: [`读到第 ${r.page} / ${r.pages} 页`, dayjs(r.updated_at).format('YYYY-MM-DD HH:mm')],
          extra: (
            <Link to={resumeHref(r.uuid, r.page)}>
              <Button size="small">继续阅读</Button>
            </Link>
          ),
        })}
        columns={[
          {
            title: '文档',
            dataIndex: 'title',
            render: (v: string, r) => <MeTitleCell ext={r.ext} to={resumeHref(r.uuid, r.page)} title={v} />,
          },
          { title: '读到', dataIndex: 'page', width: 110, align: 'right', render: (v: number, r) => `第 ${v} / ${r.pages} 页` },
          { title: '时间', dataIndex: 'updated_at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: '',
            dataIndex: 'uuid',
            width: 110,
            render: (v: string, r) => (
              <Link to={resumeHref(v, r.page)}>
                <Button size="small">继续阅读</Button>
              </Link>
            ),
          },
        ]}
      />
    </MeSection>
  );
}
