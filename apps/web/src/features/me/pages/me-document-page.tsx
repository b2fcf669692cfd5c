import { useState } from 'react';
import { Button, Empty, Tag, Tooltip } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { DOCUMENT_STATUS_OPTIONS, DocumentStatus } from '@wenku/contracts/enums';
import type { TDocument } from '@wenku/contracts/schemas';
import { useSession } from '../../../app/session';
import { useCreditName } from '../../settings/api';
import { documentHref } from '../../document/lib/href';
import { MeTable, MeTitleCell } from '../components/me-table';
import { MeSection } from '../components/me-section';
import { useMyDocuments } from '../api';

const SIZE = 10;
const STATUS_COLORS: Record<number, string> = {
  [DocumentStatus.Pending]: 'default',
  [DocumentStatus.Converting]: 'processing',
  [DocumentStatus.Converted]: 'success',
  [DocumentStatus.Failed]: 'error',
  [DocumentStatus.Disabled]: 'default',
  [DocumentStatus.Reconvert]: 'warning',
  [DocumentStatus.PendingReview]: 'processing',
  [DocumentStatus.ReviewRejected]: 'error',
};

/** /me/document: GET /document/list?user_id=<me>, with each document's conversion/review status. */
export default function MeDocumentPage() {
  const userId = useSession((s) => s.user?.id);
  const [page, setPage] = useState(1);
  const q = useMyDocuments(userId, page, SIZE);
  const creditName = useCreditName();
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没有上传过文档" />;
  const status = (d: TDocument) => {
    const label = DOCUMENT_STATUS_OPTIONS.find((o) => o.value === d.status)?.label ?? '未知';
    const tag = <Tag color={STATUS_COLORS[d.status] ?? 'default'}>{label}</Tag>;
    return d.convert_error ? <Tooltip title={d.convert_error}>{tag}</Tooltip> : tag;
  };
  const upload = (
    <Link to="/upload">
      <Button type="primary" icon={<CloudUploadOutlined />}>
        上传文档
      </Button>
    </Link>
  );
  return (
    <MeSection path="document" extra={upload}>
      <MeTable<TDocument>
        query={q}
        rows={q.data?.document}
        errorText="文档加载失败"
        empty={empty}
        page={page}
        size={SIZE}
        onPage={setPage}
        item={(d) => ({
          key: d.id,
          ext: d.ext,
          title: d.title,
          to: documentHref(d),
          meta: [
            `${d.pages} 页`,
            d.price > 0 ? `${d.price} ${creditName}` : '免费',
            `浏览 ${d.view_count} · 下载 ${d.download_count}`,
            dayjs(d.created_at).format('YYYY-MM-DD'),
          ],
          extra: status(d),
        })}
        columns={[
          {
            title: '文档',
            dataIndex: 'title',
            render: (v: string, r) => <MeTitleCell ext={r.ext} to={documentHref(r)} title={v} />,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (_: number, r) => status(r),
          },
          { title: '页数', dataIndex: 'pages', width: 70, align: 'right' },
          { title: '售价', dataIndex: 'price', width: 90, align: 'right', render: (v: number) => (v > 0 ? `${v} ${creditName}` : '免费') },
          { title: '浏览/下载', key: 'counts', width: 100, align: 'right', render: (_, r) => `${r.view_count} / ${r.download_count}` },
          { title: '上传时间', dataIndex: 'created_at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        ]}
      />
    </MeSection>
  );
}
