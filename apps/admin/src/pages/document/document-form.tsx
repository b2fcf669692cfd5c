import { ProForm, ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert } from 'antd';
import type { TDocument } from '@wenku/contracts';
import { CategoryTreeSelect } from '../../components/category-tree-select';
import { AdminModalForm, call } from '../../components/crud';
import { api } from '../../lib/api';
import { useLanguages } from '../../lib/queries';
import { documentFormInitial, editableStatuses, toUpdateDocumentBody, type DocumentFormValues } from './form-values';

/** PUT /document: the document's texts, price, language, categories and (admin) status. */
export function DocumentForm({
  record,
  creditName,
  onOpenChange,
  onSaved,
}: {
  record: TDocument;
  creditName: string;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const languages = useLanguages().data ?? [];
  return (
    <AdminModalForm<DocumentFormValues>
      title="编辑文档"
      onOpenChange={onOpenChange}
      width={680}
      initialValues={documentFormInitial(record)}
      onSaved={onSaved}
      submit={(v) => call(api.updateDocument, { body: toUpdateDocumentBody(record, v) })}
    >
      {record.convert_error && (
        <Alert
          type={record.status === 7 ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 20 }}
          title={record.status === 7 ? '审核未通过' : '转换失败原因'}
          description={record.convert_error}
        />
      )}
      <ProFormText
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: '请输入文档标题' },
          { max: 255, message: '标题最多255个字符' },
        ]}
      />
      <ProForm.Item name="category_id" label="分类" rules={[{ required: true, type: 'array', min: 1, message: '请选择文档分类' }]}>
        <CategoryTreeSelect />
      </ProForm.Item>
      <ProFormText name="keywords" label="关键词" placeholder="多个关键词用逗号分隔" rules={[{ max: 255 }]} />
      <ProFormTextArea
        name="description"
        label="摘要"
        placeholder="文档简介（可选）"
        fieldProps={{ autoSize: { minRows: 3, maxRows: 6 }, maxLength: 1024, showCount: true }}
      />
      <ProFormDigit
        name="price"
        label="价格"
        min={0}
        max={100000}
        tooltip="下载所需积分，0 为免费"
        fieldProps={{ precision: 0, addonAfter: creditName, style: { width: 200 } }}
      />
      <ProFormSelect
        name="language"
        label="语言"
        showSearch
        placeholder="请选择文档语言"
        options={languages.map((l) => ({ value: l.code, label: l.enable ? `${l.language}（${l.code}）` : `${l.language}（${l.code}，已停用）` }))}
      />
      <ProFormSelect
        name="status"
        label="状态"
        allowClear={false}
        options={editableStatuses(record.status)}
        extra="设为「重新转换」将重新生成预览；「已禁用」的文档前台不可见。"
        fieldProps={{ style: { width: 240 } }}
      />
    </AdminModalForm>
  );
}
