import { useState } from 'react';
import { Alert, Empty, Pagination, Skeleton, Timeline } from 'antd';
import { useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { relativeTime } from '@wenku/contracts/format';
import { errorMessage } from '../../../lib/api';
import { useUserDynamics } from '../api';

const SIZE = 10;

/** /user/{id}: the user's public activity (GET /user/dynamic?id=). */
export default function UserIndexPage() {
  const userId = Number(useParams().id);
  const [page, setPage] = useState(1);
  const q = useUserDynamics(userId, page, SIZE);
  return (
    <div className="wk-card wk-user-panel">
      <h2 className="wk-user-panel-title">最新动态</h2>
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error, '动态加载失败')} />
      ) : !q.data?.dynamic.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />
      ) : (
        <>
          <Timeline
            className="wk-user-feed"
            items={q.data.dynamic.map((d) => ({
              key: d.id,
              content: (
                <>
                  <div>{d.content}</div>
                  <div className="wk-user-feed-time" title={dayjs(d.created_at).format('YYYY-MM-DD HH:mm:ss')}>
                    {relativeTime(d.created_at)}
                  </div>
                </>
              ),
            }))}
          />
          {q.data.total > SIZE && (
            <Pagination
              className="wk-doclist-pager"
              size="small"
              current={page}
              pageSize={SIZE}
              total={q.data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </div>
  );
}
