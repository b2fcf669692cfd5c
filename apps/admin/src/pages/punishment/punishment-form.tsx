import { ModalForm, ProForm, ProFormSelect, ProFormSwitch, ProFormTextArea } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { PUNISHMENT_TYPE_OPTIONS, labelOf, type TPunishment } from '@wenku/contracts';
import { ExpiryPicker } from '../../components/expiry-picker';
import { UserSelect } from '../../components/user-select';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { punishmentFormInitial, toCreatePunishmentBody, toUpdatePunishmentBody, type PunishmentFormValues } from './form-values';

/** New punishment (several users × several types) or edit one (state, end time, reason, remark). */
export function PunishmentForm({ record, userIds, onOpenChange, onSaved }: {
  record?: TPunishment;
  /** preselected users (the user list's 处罚用户 shortcut) */
  userIds?: number[];
  onOpenChange: (open: boolean) => void;
  onSaved?: () => void;
}) {
  return (
    <ModalForm<PunishmentFormValues>
      title={record ? '编辑处罚' : '新增处罚'}
      open
      onOpenChange={onOpenChange}
      width={640}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={punishmentFormInitial(record, userIds)}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        try {
          if (record) await client.call(api.updatePunishment, { body: toUpdatePunishmentBody(record.id, v) });
          else await client.call(api.createPunishment, { body: toCreatePunishmentBody(v) });
          toast.success('保存成功');
          onSaved?.();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      {record ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 20 }}
          title={`用户「${record.username || record.user_id}」· ${labelOf(PUNISHMENT_TYPE_OPTIONS, record.type)}`}
          description="用户和处罚类型不能修改；如需调整，请取消后重新添加。"
        />
      ) : (
        <>
          <ProForm.Item name="user_id" label="用户" rules={[{ required: true, message: '请选择用户' }]}>
            <UserSelect mode="multiple" />
          </ProForm.Item>
          <ProFormSelect
            name="type"
            label="处罚类型"
            mode="multiple"
            options={PUNISHMENT_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            placeholder="可多选"
            rules={[{ required: true, message: '请选择惩罚类型' }]}
          />
        </>
      )}
      <ProForm.Item name="end_time" label="截止时间">
        <ExpiryPicker />
      </ProForm.Item>
      <ProFormSwitch name="enable" label="立即生效" checkedChildren="生效" unCheckedChildren="不生效" />
      <ProFormTextArea name="reason" label="处罚原因" placeholder="将展示给被处罚的用户" fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }} />
      <ProFormTextArea name="remark" label="备注" placeholder="仅管理员可见（可选）" fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }} />
    </ModalForm>
  );
}
