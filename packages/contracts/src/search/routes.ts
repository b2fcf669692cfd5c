import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdArrayQuery, ZOk, zList, zInt4 } from '../common/schemas';
import * as S from './schemas';

/** Full-text search (issue 5). */
export const searchRoutes = {
  searchDocuments: defineRoute({
    method: 'GET',
    path: '/document/search',
    grpc: 'DocumentAPI/SearchDocument',
    auth: 'public',
    summary: '搜索文档（中文分词全文检索）',
    query: S.ZSearchDocumentsQuery,
    response: S.ZSearchDocumentsResult,
  }),
  listSearchRecords: defineRoute({
    method: 'GET',
    path: '/searchrecord/list',
    grpc: 'SearchRecordAPI/ListSearchRecord',
    auth: 'admin',
    list: true,
    module: 'searchrecord',
    summary: '搜索记录',
    query: S.ZListSearchRecordsQuery,
    response: zList('search_record', S.ZSearchRecord),
  }),
  deleteSearchRecords: defineRoute({
    method: 'DELETE',
    path: '/searchrecord',
    grpc: 'SearchRecordAPI/DeleteSearchRecord',
    auth: 'admin',
    module: 'searchrecord',
    summary: '删除搜索记录',
    query: ZIdArrayQuery,
    response: ZOk,
  }),
  renewDocumentIndex: defineRoute({
    method: 'PUT',
    path: '/renew/document/index',
    auth: 'admin',
    module: 'config',
    summary: '重建文档搜索索引（后台进行）',
    response: S.ZReindexStatus,
  }),
  getDocumentIndexStatus: defineRoute({
    method: 'GET',
    path: '/renew/document/index',
    auth: 'admin',
    module: 'config',
    summary: '索引重建进度',
    response: S.ZReindexStatus,
  }),
  hotSearchWords: defineRoute({
    method: 'GET',
    path: '/search/hot',
    auth: 'public',
    summary: '热门搜索词',
    query: z.object({ limit: zInt4.min(1).max(50).default(10) }),
    response: z.object({ words: z.array(z.string()) }),
  }),
};
