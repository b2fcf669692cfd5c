import { App, Button, Tooltip } from 'antd';
import { CalendarOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInSuccessMessage } from '@wenku/contracts';
import { callDynamic, errorMessage, findRoute } from '../../../lib/api';
import { useSession } from '../../../app/session';
import { useSiteConfig } from '../../settings/api';

const signKey = (token: string) => ['me', 'sign', token] as const;

/** A sign-in record: any object with a positive id or award means "signed today". */
export function isSignedToday(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const v = value as { id?: unknown; award?: unknown; sign_at?: unknown };
  return (typeof v.id === 'number' && v.id > 0) || typeof v.sign_at === 'number' || typeof v.sign_at === 'string';
}

/**
 * Daily sign-in (PUT /user/sign; today's state from GET /user/sign). Reads 今日已签到 and is disabled once signed.
 * While the contract has no sign-in route the button is shown disabled with a tooltip.
 */
export function SignInButton({ block }: { block?: boolean }) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { creditName } = useSiteConfig();
  const putRoute = findRoute('PUT', '/user/sign');
  const getRoute = findRoute('GET', '/user/sign');

  const today = useQuery({
    queryKey: signKey(token),
    queryFn: () => (getRoute ? callDynamic(getRoute) : Promise.resolve(null)),
    enabled: Boolean(token && getRoute),
    staleTime: 10 * 60_000,
  });
  const signed = isSignedToday(today.data);

  const sign = useMutation({
    mutationFn: () => callDynamic(putRoute!),
    onSuccess: (res) => {
      const award = Number((res as { award?: unknown } | null)?.award ?? 0);
      message.success(signInSuccessMessage(award, creditName));
      qc.setQueryData(signKey(token), res && typeof res === 'object' ? { id: 1, ...res } : { id: 1 });
    },
    onError: (e) => message.error(errorMessage(e, '签到失败')),
  });

  if (signed) {
    return (
      <Button block={block} icon={<CheckCircleOutlined />} disabled>
        今日已签到
      </Button>
    );
  }
  const button = (
    <Button type="primary" ghost block={block} icon={<CalendarOutlined />} loading={sign.isPending} disabled={!putRoute} onClick={() => sign.mutate()}>
      每日签到
    </Button>
  );
  return putRoute ? button : <Tooltip title="签到功能即将上线">{button}</Tooltip>;
}
