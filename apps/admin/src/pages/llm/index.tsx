import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ProFormDependency, ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { LLM_PROVIDER_BASE_URLS, LLM_PROVIDER_OPTIONS, ZLlmModel, toValueEnum, type TLlmModel, type TLlmProvider } from '@wenku/contracts';
import { CrudPage, EnableField, SortField, col, crudForm, muted, saveTo } from '../../components/crud';
import { EnableSwitch } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { LlmTestModal } from './test-modal';

/** The masked key the API answers for a stored key; sent back (or left empty) it keeps the key. */
export const MASKED_KEY = '******';

export const LLM_KIND_OPTIONS = [
  { value: 'chat', label: '对话' },
  { value: 'embedding', label: '向量' },
] as const;

interface LlmFormValues {
  provider: TLlmProvider;
  title: string;
  model: string;
  base_url: string;
  api_key: string;
  kind: 'chat' | 'embedding';
  enable: boolean;
  is_default: boolean;
  sort: number;
}

const toBody = (v: LlmFormValues) => ({
  provider: v.provider,
  title: (v.title ?? '').trim(),
  model: (v.model ?? '').trim(),
  base_url: (v.base_url ?? '').trim(),
  api_key: v.api_key ?? '',
  kind: v.kind,
  enable: !!v.enable,
  is_default: !!v.is_default,
  sort: v.sort ?? 0,
});

/** On edit an empty key (or the mask) keeps the stored one: the field is left out of the body. */
const toUpdateBody = (v: LlmFormValues, row: TLlmModel) => {
  const { api_key, ...rest } = toBody(v);
  return api_key === '' || api_key === MASKED_KEY ? { ...rest, id: row.id } : { ...rest, api_key, id: row.id };
};

const form = crudForm<TLlmModel, LlmFormValues>({
  noun: '大模型',
  width: 640,
  labelSpan: 5,
  initialValues: (r) =>
    r
      ? {
          provider: r.provider,
          title: r.title,
          model: r.model,
          base_url: r.base_url,
          api_key: '',
          kind: r.kind,
          enable: r.enable,
          is_default: r.is_default,
          sort: r.sort,
        }
      : { provider: 'deepseek', title: '', model: '', base_url: '', api_key: '', kind: 'chat', enable: true, is_default: false, sort: 0 },
  create: saveTo(api.createLlmModel, toBody),
  update: saveTo(api.updateLlmModel, toUpdateBody),
  fields: (r) => (
    <>
      <ProFormSelect
        name="provider"
        label="服务商"
        options={LLM_PROVIDER_OPTIONS.map(({ value, label }) => ({ value, label }))}
        rules={[{ required: true, message: '请选择服务商' }]}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
      <ProFormText name="title" label="名称" placeholder="显示名称（可选），如：DeepSeek 对话" rules={[{ max: 64 }]} />
      <ProFormText
        name="model"
        label="模型"
        placeholder="模型名称，如：deepseek-chat"
        rules={[{ required: true, whitespace: true, message: '请输入模型名称' }, { max: 128 }]}
      />
      <ProFormDependency name={['provider']}>
        {({ provider }) => {
          const fallback = LLM_PROVIDER_BASE_URLS[provider as TLlmProvider] ?? '';
          return (
            <ProFormText
              name="base_url"
              label="接口地址"
              placeholder={fallback || 'https://example.com/v1'}
              tooltip="OpenAI 兼容接口的地址，留空使用服务商的默认地址"
              extra={provider === 'custom' ? '自定义服务商须填写接口地址' : undefined}
              rules={[
                { max: 255 },
                { pattern: /^https?:\/\/\S+$/, message: '接口地址须以 http:// 或 https:// 开头' },
                ...(provider === 'custom' ? [{ required: true, message: '请输入接口地址' }] : []),
              ]}
            />
          );
        }}
      </ProFormDependency>
      <ProFormText.Password
        name="api_key"
        label="API Key"
        placeholder={r ? (r.api_key ? '已设置，留空则不修改' : '未设置（Ollama 等本地模型可不填）') : '服务商的 API Key（本地模型可不填）'}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ max: 512 }]}
      />
      <ProFormRadio.Group name="kind" label="用途" options={LLM_KIND_OPTIONS.map((o) => ({ ...o }))} radioType="button" />
      <EnableField />
      <ProFormSwitch name="is_default" label="默认模型" tooltip="同一用途只有一个默认模型" checkedChildren="是" unCheckedChildren="否" />
      <SortField />
    </>
  ),
});

/** The config/llm row (id 0): read-only here. */
const ConfigLink = () => (
  <Link key="config" to="/config/llm">
    在系统配置中修改
  </Link>
);

/** GET /llm/model/list: the configured models (the first row may be the site's default from 系统配置 → AI 大模型). */
export default function LlmPage() {
  const [testing, setTesting] = useState<TLlmModel | null>(null);
  return (
    <CrudPage<TLlmModel>
      subTitle="配置对话与向量模型（均通过 OpenAI 兼容接口调用）；系统配置中的 AI 大模型作为默认模型只读显示在这里"
      headerTitle="大模型列表"
      request={listRequest(api.listLlmModels, 'model', { row: ZLlmModel })}
      remove={{ route: api.deleteLlmModels, batchTitle: (n) => `确定删除选中的 ${n} 个模型吗？` }}
      form={form}
      createText="新增模型"
      search={false}
      table={{
        scroll: { x: 1300 },
        pagination: { defaultPageSize: 20, showSizeChanger: true },
        rowSelection: { getCheckboxProps: (row) => ({ disabled: row.from_config }) },
      }}
      columns={(c) => [
        {
          title: '名称',
          dataIndex: 'title',
          width: 200,
          render: (_, row) => (
            <Space size={4} wrap>
              <Typography.Text strong>{row.title || row.model}</Typography.Text>
              {row.from_config && (
                <Tooltip title="系统配置 → AI 大模型中的模型，只能在系统配置中修改">
                  <Tag color="purple">系统配置</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        { title: '服务商', dataIndex: 'provider', width: 110, valueType: 'select', valueEnum: toValueEnum(LLM_PROVIDER_OPTIONS) },
        {
          title: '模型',
          dataIndex: 'model',
          width: 180,
          render: (_, row) => <Typography.Text style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12 }}>{row.model}</Typography.Text>,
        },
        {
          title: '接口地址',
          dataIndex: 'base_url',
          width: 240,
          ellipsis: true,
          render: (_, row) =>
            row.base_url ? (
              row.base_url
            ) : LLM_PROVIDER_BASE_URLS[row.provider] ? (
              <Tooltip title="未填写，使用服务商的默认地址">
                <Typography.Text type="secondary">{LLM_PROVIDER_BASE_URLS[row.provider]}</Typography.Text>
              </Tooltip>
            ) : (
              muted
            ),
        },
        {
          title: 'API Key',
          dataIndex: 'api_key',
          width: 100,
          render: (_, row) => (row.api_key ? <Typography.Text>{row.api_key}</Typography.Text> : <Typography.Text type="secondary">未设置</Typography.Text>),
        },
        {
          title: '用途',
          dataIndex: 'kind',
          width: 80,
          align: 'center',
          render: (_, row) => (row.kind === 'embedding' ? <Tag color="cyan">向量</Tag> : <Tag color="blue">对话</Tag>),
        },
        {
          title: '状态',
          dataIndex: 'enable',
          width: 96,
          align: 'center',
          render: (_, row) =>
            row.from_config ? (
              <Tag color={row.enable ? 'success' : 'default'}>{row.enable ? '启用' : '禁用'}</Tag>
            ) : (
              <EnableSwitch checked={row.enable} onChange={(on) => c.setEnable(api.updateLlmModel, row.id, on)} />
            ),
        },
        {
          title: '默认',
          dataIndex: 'is_default',
          width: 80,
          align: 'center',
          render: (_, row) => (row.is_default ? <Tag color="gold">默认</Tag> : muted),
        },
        { title: '排序', dataIndex: 'sort', width: 72, align: 'center', tooltip: '数值越大越靠前' },
        col.option(200, (row) => [
          <a key="test" onClick={() => setTesting(row)}>
            测试
          </a>,
          ...(row.from_config ? [<ConfigLink key="config" />] : [c.editLink(row), c.deleteLink(row)]),
        ]),
      ]}
    >
      {testing && <LlmTestModal model={testing} onClose={() => setTesting(null)} />}
    </CrudPage>
  );
}
