import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZOk, zList } from '../common/schemas';
import * as S from './schemas';

/**
 * The reader (issue 27): page text layers (served like the page images), find in a document, the reader's limits,
 * copy right and outline, reading progress, and the admin's backfill of layers for documents converted before them.
 */
export const readerRoutes = {
  viewText: defineRoute({
    method: 'GET',
    path: '/view/text/:uuid/:file',
    root: true,
    kind: 'binary',
    produces: 'application/json',
    auth: 'public',
    summary: '文档页面文字层（{页码}.json：{ page, width, height, spans: [{ text, x, y, w, h }] }）',
    params: z.object({ uuid: z.string().max(64), file: z.string().max(32) }),
    /** v: the layers' version (GET /document/reader's text_key): a URL with the current one is cached for good */
    query: z.object({ v: z.string().max(32).optional() }),
    response: z.unknown(),
  }),
  findInDocument: defineRoute({
    method: 'GET',
    path: '/document/find',
    auth: 'public',
    summary: '在文档中查找（可阅读的页面）',
    query: S.ZFindInDocumentQuery,
    response: S.ZFindInDocumentAnswer,
  }),
  getReaderInfo: defineRoute({
    method: 'GET',
    path: '/document/reader',
    auth: 'public',
    summary: '阅读器信息：可读页数、复制权限、目录、上次阅读位置',
    query: S.ZReaderQuery,
    response: S.ZReaderInfo,
  }),
  getReadingProgress: defineRoute({
    method: 'GET',
    path: '/document/progress',
    auth: 'user',
    summary: '阅读进度',
    query: S.ZReaderQuery,
    response: S.ZReadingProgress,
  }),
  saveReadingProgress: defineRoute({
    method: 'PUT',
    path: '/document/progress',
    auth: 'user',
    summary: '保存阅读进度',
    body: S.ZSaveProgressBody,
    response: ZOk,
  }),
  listReading: defineRoute({
    method: 'GET',
    path: '/document/progress/list',
    auth: 'user',
    summary: '最近阅读',
    query: S.ZListReadingQuery,
    response: zList('document', S.ZReadingItem),
  }),
  renewTextLayers: defineRoute({
    method: 'PUT',
    path: '/renew/document/text-layer',
    auth: 'admin',
    module: 'config',
    summary: '生成文档文字层（已转换的旧文档，后台进行）',
    response: S.ZTextLayerStatus,
  }),
  getTextLayerStatus: defineRoute({
    method: 'GET',
    path: '/renew/document/text-layer',
    auth: 'admin',
    module: 'config',
    summary: '文字层生成进度',
    response: S.ZTextLayerStatus,
  }),
};
