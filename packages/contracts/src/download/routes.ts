import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdQuery, zList, zInt4 } from '../common/schemas';
import * as S from './schemas';

const ZPageOnly = z.object({ page: zInt4.min(1).default(1), size: zInt4.min(1).max(100).default(20) });

/** Downloads: the signed link to a document's file, the file itself, and one's own downloads. */
export const downloadRoutes = {
  downloadDocument: defineRoute({
    method: 'GET',
    path: '/document/download',
    grpc: 'DocumentAPI/DownloadDocument',
    auth: 'public',
    summary: '获取下载链接',
    query: ZIdQuery,
    response: S.ZDownloadResult,
  }),
  downloadReviewDocument: defineRoute({
    method: 'GET',
    path: '/document/download/bereviewed',
    grpc: 'DocumentAPI/DownloadDocumentToBeReviewed',
    auth: 'admin',
    module: 'document',
    summary: '下载待审核文档',
    query: ZIdQuery,
    response: S.ZDownloadResult,
  }),
  listMyDownloads: defineRoute({
    method: 'GET',
    path: '/user/download',
    grpc: 'UserAPI/ListUserDownload',
    auth: 'user',
    summary: '我的下载',
    query: ZPageOnly,
    response: zList('download', S.ZDownloadRecord),
  }),
  downloadFile: defineRoute({
    method: 'GET',
    path: '/download/:token',
    root: true,
    kind: 'binary',
    produces: 'application/octet-stream',
    auth: 'public',
    // a signed download link stays valid for its holder: the signature is the permission
    switches: 'exempt',
    summary: '按签名链接下载文档原文件',
    params: z.object({ token: z.string().max(1000) }),
    response: z.unknown(),
  }),
};
