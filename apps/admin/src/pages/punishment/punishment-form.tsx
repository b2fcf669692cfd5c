import { ProForm, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { PUNISHMENT_TYPE_OPTIONS, labelOf, type TPunishment } from '@wenku/contracts';
import { TextAreaField, crudForm, saveTo } from '../../components/crud';
import { ExpiryPicker } from '../../components/expiry-picker';
import { UserSelect } from '../../components/user-select';
import { api } from '../../lib/api';
import { punishmentFormInitial, toCreatePunishmentBody, toUpdatePunishmentBody, type PunishmentFormValues } from './form-values';

/** Context of a new punishment: users preselected by the user list's 处罚用户 shortcut. */
export interface PunishmentFormExtra {
  userIds?: number[];
}

/** New punishment (several users × several types) or edit one (state, end time, reason, remark). */
export const punishmentForm = crudForm<TPunishment, PunishmentFormValues, PunishmentFormExtra>({
  noun: '处罚',
  width: 640,
  initialValues: (record, extra) => punishmentFormInitial(record, extra?.userIds),
  create: saveTo(api.createPunishment, toCreatePunishmentBody),
  update: saveTo(api.updatePunishment, (v: PunishmentFormValues, r: TPunishment) => toUpdatePunishmentBody(r.id, v)),
  fields: (record) => (
    <>
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
      <TextAreaField name="reason" label="处罚原因" placeholder="将展示给被处罚的用户" rows={[2, 4]} />
      <TextAreaField name="remark" label="备注" placeholder="仅管理员可见（可选）" rows={[2, 4]} />
    </>
  ),
});
