import { ModalForm, ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import type { TLanguageRow } from '../../lib/queries';

interface LanguageFormValues {
  language: string;
  code: string;
  sort: number;
  enable: boolean;
}

/** POST/PUT /language. */
export function LanguageForm({ record, onOpenChange, onSaved }: { record?: TLanguageRow; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  return (
    <ModalForm<LanguageFormValues>
      title={record ? '编辑语言' : '新增语言'}
      open
      onOpenChange={onOpenChange}
      width={520}
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      initialValues={record ? { language: record.language, code: record.code, sort: record.sort, enable: record.enable } : { language: '', code: '', sort: 0, enable: true }}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = { language: v.language.trim(), code: v.code.trim(), sort: v.sort ?? 0, enable: !!v.enable };
        try {
          if (record) await client.call(api.updateLanguage, { body: { ...body, id: record.id } });
          else await client.call(api.createLanguage, { body });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormText name="language" label="语言名称" placeholder="如：简体中文" rules={[{ required: true, whitespace: true, message: '请输入语言名称' }, { max: 64 }]} />
      <ProFormText
        name="code"
        label="语言代码"
        placeholder="如：zh-cn"
        extra={record ? '修改代码不会同步修改已标记该语言的文档。' : '文档按语言代码标记，建议使用小写，如 en、ja、zh-tw。'}
        fieldProps={{ style: { fontFamily: 'Menlo, Consolas, monospace' } }}
        rules={[{ required: true, whitespace: true, message: '请输入语言代码' }, { max: 16 }]}
      />
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />
      <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren="停用" />
    </ModalForm>
  );
}
