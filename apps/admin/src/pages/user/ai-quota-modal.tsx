import { useQuery } from '@tanstack/react-query';
import { ModalForm, ProFormDependency, ProFormDigit, ProFormSwitch } from '@ant-design/pro-components';
import { Descriptions, Result, Skeleton } from 'antd';
import type { TUser } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { toAiQuotaBody, type AiQuotaFormValues } from './form-values';

/** GET/POST /user/ai/quota?user_id: today's usage and the user's own limits. */
export function AiQuotaModal({ user, onOpenChange }: { user: TUser; onOpenChange: (open: boolean) => void }) {
  const quota = useQuery({
    queryKey: ['user', 'ai-quota', user.id],
    queryFn: ({ signal }) => client.call(api.getAiQuota, { query: { user_id: user.id }, signal }),
  });
  const q = quota.data;
  return (
    <ModalForm<AiQuotaFormValues>
      key={q ? 'loaded' : 'loading'}
      title={`AI 额度：${user.username}`}
      open
      onOpenChange={onOpenChange}
      width={520}
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      initialValues={{ use_default: false, daily_limit: q?.daily_limit ?? 0, extra: q?.extra ?? 0 }}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={q ? { searchConfig: { submitText: '保存', resetText: '取消' } } : false}
      onFinish={async (v) => {
        try {
          await client.call(api.setAiQuota, { body: toAiQuotaBody(user.id, v) });
          toast.success('保存成功');
          await quota.refetch();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      {quota.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : quota.isError ? (
        <Result status="error" title="获取 AI 额度失败" subTitle={errorMessage(quota.error)} />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 20 }} layout="vertical">
            <Descriptions.Item label="每日额度">{q!.daily_limit} 次</Descriptions.Item>
            <Descriptions.Item label="今日已用">{q!.used_today} 次</Descriptions.Item>
            <Descriptions.Item label="累计使用">{q!.total_used} 次</Descriptions.Item>
          </Descriptions>
          <ProFormSwitch name="use_default" label="使用系统默认" tooltip="开启后每日额度跟随「系统配置 → AI」中的默认额度" />
          <ProFormDependency name={['use_default']}>
            {({ use_default }) => (
              <ProFormDigit
                name="daily_limit"
                label="每日额度"
                min={0}
                max={100000}
                disabled={use_default}
                fieldProps={{ precision: 0, addonAfter: '次/天', style: { width: 200 } }}
              />
            )}
          </ProFormDependency>
          <ProFormDigit
            name="extra"
            label="额外额度"
            min={0}
            max={1000000}
            tooltip="用完每日额度后还可使用的次数"
            fieldProps={{ precision: 0, addonAfter: '次', style: { width: 200 } }}
          />
        </>
      )}
    </ModalForm>
  );
}
