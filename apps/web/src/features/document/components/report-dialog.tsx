import { App, Form, Input, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { REPORT_REASON_OPTIONS } from '@wenku/contracts/enums';
import { api, apiClient, errorMessage } from '../../../lib/api';

/** 举报 dialog: one of the six reasons and an optional note (POST /report). */
export function ReportDialog({ documentId, title, open, onClose }: { documentId: number; title: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: number; remark?: string }>();
  const { message } = App.useApp();
  const report = useMutation({
    mutationFn: (v: { reason: number; remark?: string }) =>
      apiClient.call(api.createReport, { body: { document_id: documentId, reason: v.reason, remark: v.remark ?? '' } }),
    onSuccess: () => {
      message.success('举报成功，我们会尽快处理');
      onClose();
      form.resetFields();
    },
    onError: (e) => message.error(errorMessage(e, '举报失败，请稍后重试')),
  });
  return (
    <Modal
      title="举报文档"
      open={open}
      onCancel={onClose}
      okText="提交举报"
      cancelText="取消"
      confirmLoading={report.isPending}
      onOk={() => void form.validateFields().then((v) => report.mutate(v))}
      destroyOnHidden
    >
      <p className="wk-report-target">
        举报文档：<strong>{title}</strong>
      </p>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="reason" label="举报原因" rules={[{ required: true, message: '请选择举报原因' }]}>
          <Radio.Group className="wk-report-reasons" options={REPORT_REASON_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item name="remark" label="补充说明（选填）">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="请描述具体问题，便于我们核实" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
