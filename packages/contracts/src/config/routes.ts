import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZOk } from '../common/schemas';
import { ZSettings, ZRechargeSettings, ZListConfigQuery, ZUpdateConfigBody, ZConfigItem } from './schemas';

export const configRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/settings',
    warm: true,
    grpc: 'ConfigAPI/GetSettings',
    auth: 'public',
    switches: 'exempt',
    summary: '公开的系统设置',
    response: ZSettings,
  }),
  getRechargeSettings: defineRoute({
    method: 'GET',
    path: '/settings/recharge',
    auth: 'public',
    switches: 'exempt',
    summary: '充值设置',
    response: ZRechargeSettings,
  }),
  listConfig: defineRoute({
    method: 'GET',
    path: '/config/list',
    grpc: 'ConfigAPI/ListConfig',
    auth: 'admin',
    list: true,
    module: 'config',
    summary: '配置列表',
    query: ZListConfigQuery,
    response: z.object({ config: z.array(ZConfigItem) }),
  }),
  updateConfig: defineRoute({
    method: 'PUT',
    path: '/config',
    grpc: 'ConfigAPI/UpdateConfig',
    auth: 'admin',
    module: 'config',
    summary: '更新配置',
    body: ZUpdateConfigBody,
    response: ZOk,
  }),
};
