import { defineRoute } from '../common/route';
import { ZOk, ZIdsQuery, zList } from '../common/schemas';
import { ZListLlmModelsQuery, ZLlmModel, ZLlmModelBody, ZLlmTestEvent, ZTestLlmModelBody, ZUpdateLlmModelBody } from './schemas';

/** The administrators' large language models (AI → 大模型): the list, edits, and a streamed test question. */
export const llmRoutes = {
  listLlmModels: defineRoute({
    method: 'GET',
    path: '/llm/model/list',
    auth: 'admin',
    list: true,
    module: 'llm',
    summary: '大模型列表',
    query: ZListLlmModelsQuery,
    response: zList('model', ZLlmModel),
  }),
  createLlmModel: defineRoute({
    method: 'POST',
    path: '/llm/model',
    auth: 'admin',
    module: 'llm',
    summary: '新增大模型',
    body: ZLlmModelBody,
    response: ZLlmModel,
  }),
  updateLlmModel: defineRoute({
    method: 'PUT',
    path: '/llm/model',
    auth: 'admin',
    module: 'llm',
    summary: '修改大模型',
    body: ZUpdateLlmModelBody,
    response: ZLlmModel,
  }),
  deleteLlmModels: defineRoute({ method: 'DELETE', path: '/llm/model', auth: 'admin', module: 'llm', summary: '删除大模型', query: ZIdsQuery, response: ZOk }),
  testLlmModel: defineRoute({
    method: 'POST',
    path: '/llm/model/test',
    kind: 'ndjson',
    auth: 'admin',
    module: 'llm',
    summary: '测试大模型（流式返回回答与耗时）',
    body: ZTestLlmModelBody,
    response: ZLlmTestEvent,
  }),
};
