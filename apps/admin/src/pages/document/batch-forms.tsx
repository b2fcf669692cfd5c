import { ProForm, ProFormDependency, ProFormRadio, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { CategoryTreeSelect } from '../../components/category-tree-select';
import { AdminModalForm, call } from '../../components/crud';
import { api } from '../../lib/api';
import { useLanguages } from '../../lib/queries';
import { toCheckBody, type ReviewDecision } from './form-values';

interface BatchProps {
  ids: number[];
  /** the document's title when a single one is handled */
  title?: string;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

const target = (ids: number[], title?: string) => (title ? `「${title}」` : `选中的 ${ids.length} 篇文档`);

/** PUT /document/category: file several documents under the same categories. */
export function SetCategoryForm({ ids, title, onOpenChange, onDone }: BatchProps) {
  return (
    <AdminModalForm<{ category_id: number[] }>
      title="设置分类"
      width={520}
      layout="vertical"
      onOpenChange={onOpenChange}
      onSaved={onDone}
      submit={(v) => call(api.setDocumentsCategory, { body: { document_id: ids, category_id: v.category_id } })}
    >
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title={`将${target(ids, title)}的分类替换为：`} />
      <ProForm.Item name="category_id" label="文档分类" rules={[{ required: true, type: 'array', min: 1, message: '请选择文档分类' }]}>
        <CategoryTreeSelect />
      </ProForm.Item>
    </AdminModalForm>
  );
}

/** PUT /document/language. */
export function SetLanguageForm({ ids, title, onOpenChange, onDone }: BatchProps) {
  const languages = useLanguages().data ?? [];
  return (
    <AdminModalForm<{ language: string }>
      title="设置语言"
      width={480}
      layout="vertical"
      onOpenChange={onOpenChange}
      onSaved={onDone}
      submit={(v) => call(api.setDocumentsLanguage, { body: { document_id: ids, language: v.language } })}
    >
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title={`设置${target(ids, title)}的语言`} />
      <ProFormSelect
        name="language"
        label="语言"
        showSearch
        placeholder="请选择语言"
        options={languages.map((l) => ({ value: l.code, label: `${l.language}（${l.code}）` }))}
        rules={[{ required: true, message: '请选择语言' }]}
      />
    </AdminModalForm>
  );
}

/** PUT /document/check: approve (→ 待转换) or reject with a reason shown to the uploader. */
export function ReviewForm({ ids, title, onOpenChange, onDone, onDownload }: BatchProps & { onDownload?: () => void }) {
  return (
    <AdminModalForm<{ decision: ReviewDecision; reason?: string }>
      title="审核文档"
      width={560}
      labelSpan={5}
      onOpenChange={onOpenChange}
      initialValues={{ decision: 'approve', reason: '' }}
      submitText="提交"
      success="操作成功"
      error="操作失败，请稍后重试"
      onSaved={onDone}
      submit={(v) => call(api.checkDocument, { body: toCheckBody(ids, v.decision, v.reason) })}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 20 }}
        title={`审核${target(ids, title)}`}
        description="通过后文档进入转换队列，转换完成即在前台展示；拒绝后上传者可在个人中心看到拒绝原因。只有待审核或已拒绝的文档会被处理。"
        action={onDownload ? <a onClick={onDownload}>下载原文件</a> : undefined}
      />
      <ProFormRadio.Group
        name="decision"
        label="审核结果"
        radioType="button"
        options={[
          { value: 'approve', label: '通过' },
          { value: 'reject', label: '拒绝' },
        ]}
      />
      <ProFormDependency name={['decision']}>
        {({ decision }) =>
          decision === 'reject' ? (
            <ProFormTextArea
              name="reason"
              label="拒绝原因"
              placeholder="如：内容涉嫌侵权、文档质量过低"
              fieldProps={{ autoSize: { minRows: 3, maxRows: 5 }, maxLength: 255, showCount: true }}
              rules={[{ required: true, whitespace: true, message: '请填写拒绝原因' }]}
            />
          ) : null
        }
      </ProFormDependency>
    </AdminModalForm>
  );
}
