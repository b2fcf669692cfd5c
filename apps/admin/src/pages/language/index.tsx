import type { Key } from 'react';
import { ProFormText } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { CrudPage, EnableField, SortField, crudForm, saveBoth, col, type CrudActions, RequiredTextField } from '../../components/crud';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { refKeys, type TLanguageRow } from '../../lib/queries';

interface LanguageFormValues {
  language: string;
  code: string;
  sort: number;
  enable: boolean;
}

const toBody = (v: LanguageFormValues) => ({ language: v.language.trim(), code: v.code.trim(), sort: v.sort ?? 0, enable: !!v.enable });

/** POST/PUT /language. */
const form = crudForm<TLanguageRow, LanguageFormValues>({
  noun: '语言',
  width: 520,
  labelSpan: 5,
  initialValues: (r) => (r ? { language: r.language, code: r.code, sort: r.sort, enable: r.enable } : { language: '', code: '', sort: 0, enable: true }),
  ...saveBoth(api.createLanguage, api.updateLanguage, toBody),
  fields: (record) => (
    <>
      <RequiredTextField name="language" label="语言名称" placeholder="如：简体中文" message="请输入语言名称" max={64} />
      <ProFormText
        name="code"
        label="语言代码"
        placeholder="如：zh-cn"
        extra={record ? '修改代码不会同步修改已标记该语言的文档。' : '文档按语言代码标记，建议使用小写，如 en、ja、zh-tw。'}
        fieldProps={{ style: { fontFamily: 'Menlo, Consolas, monospace' } }}
        rules={[{ required: true, whitespace: true, message: '请输入语言代码' }, { max: 16 }]}
      />
      <SortField />
      <EnableField off="停用" />
    </>
  ),
});

/** PUT /language/status: enable or disable several languages at once. */
const setStatus = (c: CrudActions, ids: readonly Key[], enable: boolean) =>
  c.run(api.setLanguageStatus, { body: { id: ids.map(Number), enable } }, { success: enable ? '已启用' : '已停用' });

export default function LanguagePage() {
  return (
    <CrudPage<TLanguageRow>
      subTitle="上传文档时可选的语言；停用的语言不再出现在前台的选择列表中"
      headerTitle="语言列表"
      request={listRequest(api.listLanguages, 'language')}
      remove={{ route: api.deleteLanguage, batchTitle: (n) => `确定删除选中的 ${n} 种语言吗？`, batchDescription: null }}
      form={form}
      createText="新增语言"
      invalidate={[refKeys.languages]}
      search={false}
      table={{ pagination: false, options: { reload: true, density: true, setting: true } }}
      batchActions={(c) => [
        { key: 'enable', label: '批量启用', run: (ids) => setStatus(c, ids, true) },
        { key: 'disable', label: '批量停用', run: (ids) => setStatus(c, ids, false) },
      ]}
      columns={(c) => [
        col.id(),
        { title: '语言名称', dataIndex: 'language', width: 200, render: (_, row) => <Typography.Text strong>{row.language}</Typography.Text> },
        { title: '语言代码', dataIndex: 'code', width: 160, render: (_, row) => <Typography.Text code>{row.code}</Typography.Text> },
        { title: '排序', dataIndex: 'sort', width: 100, align: 'center', tooltip: '数值越大越靠前' },
        col.enable((row, enable) => setStatus(c, [row.id], enable), { search: false, width: 110 }),
        col.option(120, (row) => [c.editLink(row), c.deleteLink(row, '已使用该语言的文档不受影响，但不能再选择该语言。')]),
      ]}
    />
  );
}
