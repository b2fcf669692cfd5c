import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';

function toJson(schema: z.ZodType | undefined, io: 'input' | 'output') {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** OpenAPI at /api/docs, generated from the contracts (documentation only: validation is the contract's). */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Wenku 文库 API', version: '0.1.0', description: '文库开放接口。需要登录的接口使用 `Authorization: Bearer <token>`。' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      hideUntagged: true,
      transform: ({ schema, url, route }) => {
        const def = route.config?.routeDef;
        if (!def) return { schema: { ...schema, hide: true }, url };
        const out: Record<string, unknown> = { ...schema, description: `权限：${def.auth}` };
        const kind = def.kind ?? 'json';
        const p = toJson(def.params, 'input');
        if (p) out.params = p;
        const q = toJson(def.query, 'input');
        if (q) out.querystring = q;
        if (kind === 'webhook') {
          out.consumes = ['application/json', 'application/x-www-form-urlencoded'];
          out.body = { type: 'string', description: '支付平台的原始通知内容（签名覆盖原文）' };
        } else if (kind === 'multipart') {
          out.consumes = ['multipart/form-data'];
          out.body = { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: '上传的文件' } } };
        } else {
          const b = toJson(def.body, 'input');
          if (b) out.body = b;
        }
        if (kind === 'binary' || kind === 'webhook') {
          out.response = {
            200: { description: '文件内容', content: { [def.produces ?? 'application/octet-stream']: { schema: { type: 'string', format: 'binary' } } } },
          };
        } else if (kind === 'ndjson') {
          const r = toJson(def.response, 'output');
          out.response = { 200: { description: '每行一个 JSON 事件（NDJSON）', content: { 'application/x-ndjson': { schema: r ?? {} } } } };
        } else {
          const r = toJson(def.response, 'output');
          if (r) out.response = { 200: r };
        }
        if (def.auth !== 'public') out.security = [{ bearer: [] }];
        return { schema: out, url };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
