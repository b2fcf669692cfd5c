import { defineRoute } from '../common/route';
import { zList } from '../common/schemas';
import { ZListOcrDocumentsQuery, ZOcrCount, ZOcrDocument, ZOcrDocumentsBody, ZRetryOcrBody } from './schemas';

/** Text recognition of scanned documents (admin document/ocr): states, progress, retry and "OCR this document". */
export const ocrRoutes = {
  listOcrDocuments: defineRoute({
    method: 'GET',
    path: '/ocr/document/list',
    auth: 'admin',
    list: true,
    module: 'ocr',
    summary: 'OCR 文档列表',
    query: ZListOcrDocumentsQuery,
    response: zList('document', ZOcrDocument),
  }),
  recogniseDocuments: defineRoute({
    method: 'PUT',
    path: '/ocr/document',
    auth: 'admin',
    module: 'ocr',
    summary: '立即识别文档（OCR）',
    body: ZOcrDocumentsBody,
    response: ZOcrCount,
  }),
  retryOcr: defineRoute({
    method: 'PUT',
    path: '/ocr/document/retry',
    auth: 'admin',
    module: 'ocr',
    summary: '重试 OCR（不选则重试全部失败的）',
    body: ZRetryOcrBody,
    response: ZOcrCount,
  }),
};
