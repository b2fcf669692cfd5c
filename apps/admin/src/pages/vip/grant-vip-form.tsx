import { useState } from 'react';
import { ProForm, ProFormDependency, ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, DatePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { VIP_CARD_OPTIONS, type TUser } from '@wenku/contracts';
import { UserSelect } from '../../components/user-select';
import { AdminModalForm, call } from '../../components/crud';
import { api } from '../../lib/api';
import { formatDateTime, untilText } from '../../lib/dates';
import { resultingExpiry, toGrantVipBody, vipFormInitial, type VipFormValues } from './form-values';

/** PUT /vip/grant: open or extend a user's VIP (card, days or an explicit expiry) and preview the result. */
export function GrantVipForm({ user, onOpenChange, onSaved }: { user?: TUser; onOpenChange: (open: boolean) => void; onSaved?: () => void }) {
  const [picked, setPicked] = useState<TUser | undefined>(user);
  return (
    <AdminModalForm<VipFormValues>
      title={user ? `开通/延长 VIP：${user.username}` : '开通/延长 VIP'}
      onOpenChange={onOpenChange}
      initialValues={vipFormInitial(user?.id)}
      submitText="确定"
      success="操作成功"
      error="操作失败"
      onSaved={onSaved}
      submit={(v) => call(api.grantVip, { body: toGrantVipBody(v) })}
    >
      <ProForm.Item name="user_id" label="用户" rules={[{ required: true, message: '请选择用户' }]}>
        <UserSelect disabled={!!user} onPicked={(list) => setPicked(list[0])} />
      </ProForm.Item>
      <ProFormRadio.Group
        name="mode"
        label="方式"
        radioType="button"
        options={[
          { value: 'card', label: '按会员卡' },
          { value: 'days', label: '按天数' },
          { value: 'date', label: '指定到期时间' },
        ]}
      />
      <ProFormDependency name={['mode']}>
        {({ mode }) =>
          mode === 'card' ? (
            <ProFormRadio.Group name="card" label="会员卡" options={VIP_CARD_OPTIONS.map((o) => ({ value: o.value, label: `${o.label}（${o.days}天）` }))} />
          ) : mode === 'days' ? (
            <ProFormDigit
              name="days"
              label="天数"
              min={-3650}
              max={36500}
              tooltip="填负数可缩短会员期"
              fieldProps={{ precision: 0, addonAfter: '天', style: { width: 200 } }}
              rules={[{ required: true, message: '请输入天数' }]}
            />
          ) : (
            <ProForm.Item name="expire_at" label="到期时间" rules={[{ required: true, message: '请选择到期时间' }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 220 }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </ProForm.Item>
          )
        }
      </ProFormDependency>
      <ProFormDependency name={['mode', 'card', 'days', 'expire_at', 'user_id']}>
        {(v) => {
          if (!v.user_id) return null;
          const current = picked && picked.id === v.user_id ? picked.vip_expire_at : undefined;
          const next = resultingExpiry(current, v as VipFormValues);
          return (
            <ProForm.Item label="结果">
              <Alert
                type={next ? 'success' : 'warning'}
                showIcon
                title={next ? `VIP 将于 ${formatDateTime(next.toISOString())} 到期（${untilText(next)}）` : '操作后该用户将不再是 VIP'}
                description={
                  <Typography.Text type="secondary">
                    当前：{current && Date.parse(current) > Date.now() ? `VIP，${formatDateTime(current)} 到期` : '非 VIP'}
                  </Typography.Text>
                }
              />
            </ProForm.Item>
          );
        }}
      </ProFormDependency>
      <ProFormTextArea
        name="remark"
        label="备注"
        placeholder="记录在 VIP 变更日志中（可选）"
        fieldProps={{ autoSize: { minRows: 2, maxRows: 3 }, maxLength: 255, showCount: true }}
      />
    </AdminModalForm>
  );
}
