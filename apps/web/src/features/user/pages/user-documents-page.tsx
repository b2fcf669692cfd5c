import { useState } from 'react';
import { Alert } from 'antd';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { useCreditName } from '../../settings/api';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';
import { useUserDocuments } from '../api';
import { UserDocumentList } from '../components/user-document-list';

const SIZE = 12;

/** /user/{id}/document: the user's documents (GET /document/list?user_id=), under the user_document_top slot. */
export default function UserDocumentsPage() {
  const userId = Number(useParams().id);
  const ads = usePositionAds(['user_document_top']).data;
  const creditName = useCreditName();
  const [page, setPage] = useState(1);
  const q = useUserDocuments(userId, page, SIZE);
  return (
    <>
      <AdSlot position="user_document_top" ads={ads} />
      <div className="wk-card wk-user-panel">
        <h2 className="wk-user-panel-title">文档{q.data ? <span className="wk-user-panel-count">{q.data.total}</span> : null}</h2>
        {q.isError ? (
          <Alert type="error" showIcon title={errorMessage(q.error, '文档加载失败')} />
        ) : (
          <UserDocumentList
            documents={q.data?.document}
            total={q.data?.total ?? 0}
            page={page}
            size={SIZE}
            loading={q.isLoading}
            onPage={setPage}
            empty="还没有分享过文档"
            creditName={creditName}
          />
        )}
      </div>
    </>
  );
}
