import { App, Button } from 'antd';
import { CalendarOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInSuccessMessage } from '@wenku/contracts';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { session, useSession } from '../../../app/session';
import { useSiteConfig } from '../../settings/api';

export const signKey = (token: string) => ['me', 'sign', token] as const;

/** Today's sign-in record (GET /user/sign → { sign }): signed when there is one. */
export function isSignedToday(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const v = value as { sign?: unknown; id?: unknown };
  if ('sign' in v) return isSignedToday(v.sign);
  return typeof v.id === 'number' && v.id > 0;
}

/**
 * Daily sign-in (PUT /user/sign). Reads 今日已签到 and is disabled for the rest of the day once signed (spec §4).
 * Success: 签到成功，获得 {n} {credit name}奖励; failure: the server message.
 */
export function SignInButton({ block }: { block?: boolean }) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { creditName } = useSiteConfig();

  const today = useQuery({
    queryKey: signKey(token),
    queryFn: ({ signal }) => apiClient.call(api.getTodaySign, { signal }),
    enabled: Boolean(token),
    staleTime: 10 * 60_000,
    retry: false,
  });

  const sign = useMutation({
    mutationFn: () => apiClient.call(api.signToday),
    onSuccess: (res) => {
      message.success(signInSuccessMessage(res.award, creditName));
      const { credit_count, ...record } = res;
      qc.setQueryData(signKey(token), { sign: record });
      const user = session.getState().user;
      if (user) session.setUser({ ...user, credit_count });
    },
    onError: (e) => message.error(errorMessage(e, '签到失败')),
  });

  if (isSignedToday(today.data)) {
    return (
      <Button block={block} icon={<CheckCircleOutlined />} disabled>
        今日已签到
      </Button>
    );
  }
  return (
    <Button type="primary" ghost block={block} icon={<CalendarOutlined />} loading={sign.isPending} disabled={!token} onClick={() => sign.mutate()}>
      每日签到
    </Button>
  );
}
