import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';
import { useSession } from '../../app/session';

export const vipKeys = {
  /** under 'me': it is the current user's VIP state */
  info: (token: string) => ['me', 'vip', token] as const,
};

/** GET /user/vip: status, expiry, the three cards and the benefits (logged-in users only). */
export function useVipInfo() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: vipKeys.info(token),
    queryFn: ({ signal }) => apiClient.call(api.getVip, { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
