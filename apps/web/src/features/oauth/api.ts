import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';
import { oauthBinding, oauthCallbackTemplate, oauthNonce } from './lib';

export const oauthKeys = {
  configs: (redirectUri: string) => ['oauth', 'configs', redirectUri] as const,
  scanCode: ['oauth', 'wechatmp', 'code'] as const,
  scanStatus: (code: string) => ['oauth', 'wechatmp', 'status', code] as const,
};

/**
 * GET /oauth/configs: the enabled providers with a ready authorize URL whose callback is this origin's
 * /oauth/{type}. The URL carries a signed, short-lived state, so it is fetched fresh for each visit.
 */
export function useOAuthConfigs(enabled = true) {
  const redirectUri = oauthCallbackTemplate(typeof window === 'undefined' ? '' : window.location.origin);
  return useQuery({
    queryKey: oauthKeys.configs(redirectUri),
    queryFn: async ({ signal }) => {
      // the authorize URLs are bound to this tab: their state carries the hash of its nonce
      const binding = await oauthBinding(oauthNonce());
      return (await apiClient.call(api.getOAuthConfigs, { query: { redirect_uri: redirectUri, binding }, signal })).oauth;
    },
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
