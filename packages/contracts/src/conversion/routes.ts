import { z } from 'zod';
import { defineRoute } from '../common/route';
import * as S from './schemas';

/** What conversion makes: page images and covers, and the engines it runs on. */
export const conversionRoutes = {
  viewPage: defineRoute({
    method: 'GET',
    path: '/view/page/:uuid/:file',
    root: true,
    kind: 'binary',
    produces: 'image/svg+xml',
    auth: 'public',
    summary: '文档页面图片（{页码}.svg 或 {页码}.gzip.svg）',
    params: z.object({ uuid: z.string().max(64), file: z.string().max(32) }),
    response: z.unknown(),
  }),
  viewCover: defineRoute({
    method: 'GET',
    path: '/view/cover/:uuid',
    root: true,
    kind: 'binary',
    produces: 'image/png',
    auth: 'public',
    summary: '文档封面',
    params: z.object({ uuid: z.string().max(64) }),
    response: z.unknown(),
  }),
  getEnvs: defineRoute({
    method: 'GET',
    path: '/envs',
    grpc: 'ConfigAPI/GetEnvs',
    auth: 'admin',
    module: 'config',
    summary: '转换引擎与依赖检测',
    response: z.object({ envs: z.array(S.ZEnv) }),
  }),
};
