import { ModalForm, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { Descriptions, Typography } from 'antd';
import { REPORT_REASON_OPTIONS, labelOf } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { toast } from '../../lib/feedback';
import type { ReportRow } from './columns';

/** PUT /report: mark handled (or not) with a note of what was done. */
export function HandleReportForm({ record, onOpenChange, onSaved, onManageDocument }: {
  record: ReportRow;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
  onManageDocument: () => void;
}) {
  return (
    <ModalForm<{ status: boolean; remark: string }>
      title="处理举报"
      open
      onOpenChange={onOpenChange}
      width={600}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={{ status: true, remark: record.remark }}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        try {
          await client.call(api.updateReport, { body: { id: record.id, status: v.status, remark: v.remark ?? '' } });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="被举报文档">
          {record.document_title}
          <Typography.Link style={{ marginInlineStart: 12 }} onClick={onManageDocument}>在文档列表中管理</Typography.Link>
        </Descriptions.Item>
        <Descriptions.Item label="举报原因">{labelOf(REPORT_REASON_OPTIONS, record.reason)}</Descriptions.Item>
        <Descriptions.Item label="举报人">{record.username || `ID ${record.user_id}`} · {formatDateTime(record.created_at)}</Descriptions.Item>
      </Descriptions>
      <ProFormRadio.Group
        name="status"
        label="处理结果"
        radioType="button"
        options={[
          { value: true, label: '已处理' },
          { value: false, label: '未处理' },
        ]}
      />
      <ProFormTextArea
        name="remark"
        label="处理备注"
        placeholder="如：已禁用该文档 / 经核实无违规"
        fieldProps={{ autoSize: { minRows: 3, maxRows: 6 }, maxLength: 500, showCount: true }}
      />
    </ModalForm>
  );
}
