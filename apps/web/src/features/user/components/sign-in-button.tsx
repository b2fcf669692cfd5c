import { App, Button } from 'antd';
import { CalendarOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInSuccessMessage } from '@wenku/contracts/format';
import type { TUser } from '@wenku/contracts/schemas';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { session, useSession } from '../../../app/session';
import { useCreditName } from '../../settings/api';
import { meKeys } from '../api';
import { signInButtonState } from '../lib';

const signKey = (token: string) => ['me', 'sign', token] as const;

/** Today's sign-in record (GET /user/sign → { sign }): signed when there is one. */
export function isSignedToday(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const v = value as { sign?: unknown; id?: unknown };
  if ('sign' in v) return isSignedToday(v.sign);
  return typeof v.id === 'number' && v.id > 0;
}

/** GET /user/sign for the current token. */
function useTodaySign() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: signKey(token),
    queryFn: ({ signal }) => apiClient.call(api.getTodaySign, { signal }),
    enabled: Boolean(token),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/**
 * Daily sign-in (PUT /user/sign), the same button in the personal centre and the mobile drawer. It reads 今日已签到 and
 * is disabled for the rest of the day once signed (spec §4). Success: 签到成功，获得 {n} {credit name}奖励; failure: the
 * server message (a second tab that already signed gets 今日已签到 from the server, and the button follows).
 */
export function SignInButton({ block, size, className }: { block?: boolean; size?: 'small' | 'middle' | 'large'; className?: string }) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const creditName = useCreditName();
  const today = useTodaySign();

  const sign = useMutation({
    mutationFn: () => apiClient.call(api.signToday),
    onSuccess: async (res) => {
      message.success(signInSuccessMessage(res.award, creditName));
      const { credit_count, ...record } = res;
      qc.setQueryData(signKey(token), { sign: record });
      // a look-up of the user that started before the sign-in would answer the old balance over the new one
      await qc.cancelQueries({ queryKey: meKeys.user(token) });
      const user = session.getState().user;
      if (user) session.setUser({ ...user, credit_count });
      qc.setQueryData<TUser>(meKeys.user(token), (u) => {
        const base = u ?? user;
        return base ? { ...base, credit_count } : undefined;
      });
      void qc.invalidateQueries({ queryKey: ['me', 'credit-log'] });
      void qc.invalidateQueries({ queryKey: ['me', 'dynamic'] });
    },
    onError: (e) => {
      message.error(errorMessage(e, '签到失败'));
      // the server knows better (signed in another tab or device): read today's state again
      void qc.invalidateQueries({ queryKey: signKey(token) });
    },
  });

  const state = signInButtonState({ loggedIn: Boolean(token), signed: isSignedToday(today.data), pending: sign.isPending });
  if (state.signed) {
    return (
      <Button block={block} size={size} className={className} icon={<CheckCircleOutlined />} disabled>
        {state.label}
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      ghost
      block={block}
      size={size}
      className={className}
      icon={<CalendarOutlined />}
      loading={sign.isPending}
      disabled={state.disabled && !sign.isPending}
      onClick={() => sign.mutate()}
    >
      {state.label}
    </Button>
  );
}
