import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Descriptions, Typography } from 'antd';
import { ATTACHMENT_TYPE_OPTIONS, formatBytes, labelOf, type TAttachment } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';

/** PUT /attachment: name and description (enable is the 封禁/解封 action). */
export function AttachmentForm({ record, onOpenChange, onSaved }: { record: TAttachment; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  return (
    <ModalForm<{ name: string; description: string }>
      title="编辑附件"
      open
      onOpenChange={onOpenChange}
      width={600}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={{ name: record.name, description: record.description }}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        try {
          await client.call(api.updateAttachment, { body: { id: record.id, name: v.name.trim(), description: v.description ?? '' } });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }}>
        <Descriptions.Item label="类型">{labelOf(ATTACHMENT_TYPE_OPTIONS, record.type)}</Descriptions.Item>
        <Descriptions.Item label="大小">{formatBytes(record.size)}</Descriptions.Item>
        <Descriptions.Item label="哈希" span={2}>
          <Typography.Text copyable style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12, wordBreak: 'break-all' }}>{record.hash}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <ProFormText name="name" label="文件名" rules={[{ required: true, whitespace: true, message: '请输入文件名' }, { max: 255 }]} />
      <ProFormTextArea name="description" label="描述" placeholder="附件说明（可选）" fieldProps={{ autoSize: { minRows: 2, maxRows: 5 }, maxLength: 1024, showCount: true }} />
    </ModalForm>
  );
}
