import { ProForm, ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { MAX_RECHARGE_CREDITS } from '@wenku/contracts';
import { AdminModalForm, call } from '../../components/crud';
import { UserSelect } from '../../components/user-select';
import { api } from '../../lib/api';

export interface SystemRechargeValues {
  user_id?: number;
  quantity?: number;
  remark?: string;
}

/** The body of POST /order/system/recharge from the form (the form's rules make user and quantity present). */
export function toSystemRechargeBody(v: SystemRechargeValues) {
  return { user_id: Number(v.user_id), quantity: Number(v.quantity), remark: (v.remark ?? '').trim() };
}

/** 系统充值: credits added to a user's account, recorded as a paid order (payment method 系统充值). */
export function SystemRechargeForm({ creditName, onOpenChange, onSaved }: { creditName: string; onOpenChange: (open: boolean) => void; onSaved?: () => void }) {
  return (
    <AdminModalForm<SystemRechargeValues>
      title="系统充值"
      onOpenChange={onOpenChange}
      initialValues={{ remark: '' }}
      submitText="确定充值"
      success="充值成功"
      error="充值失败"
      onSaved={onSaved}
      submit={(v) => call(api.systemRecharge, { body: toSystemRechargeBody(v) })}
    >
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title={`直接给用户增加${creditName}，并生成一笔支付方式为“系统充值”的已支付订单。`} />
      <ProForm.Item name="user_id" label="用户" rules={[{ required: true, message: '请选择用户' }]}>
        <UserSelect />
      </ProForm.Item>
      <ProFormDigit
        name="quantity"
        label={`${creditName}数量`}
        min={1}
        max={MAX_RECHARGE_CREDITS}
        placeholder={`请输入充值的${creditName}数量`}
        fieldProps={{ precision: 0, suffix: creditName, style: { width: 240, maxWidth: '100%' } }}
        rules={[{ required: true, message: '请输入充值数量' }]}
      />
      <ProFormTextArea
        name="remark"
        label="备注"
        placeholder="充值原因（可选），记录在订单中"
        fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }}
      />
    </AdminModalForm>
  );
}
