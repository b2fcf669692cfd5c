import { Divider, Tooltip } from 'antd';
import { session } from '../../../app/session';
import { useOAuthConfigs } from '../api';
import { OAuthIcon, oauthMeta } from './oauth-icon';
import '../oauth.css';

/**
 * 其他登录方式: one button per enabled provider (GET /oauth/configs). Before the browser leaves for the provider, the
 * page to come back to is stored (spec §4: redirectAfterOauth).
 */
export function OAuthButtons({ returnPath }: { returnPath: string }) {
  const { data } = useOAuthConfigs();
  if (!data || data.length === 0) return null;
  return (
    <div className="wk-oauth">
      <Divider plain className="wk-oauth-divider">
        其他登录方式
      </Divider>
      <div className="wk-oauth-list">
        {data.map((c) => {
          const title = c.title || oauthMeta(c.type).label;
          return (
            <Tooltip key={c.type} title={`${title}登录`}>
              <a href={c.authorize_url} className="wk-oauth-btn" aria-label={`${title}登录`} onClick={() => session.setRedirectAfterOauth(returnPath)}>
                <OAuthIcon type={c.type} size={40} />
                <span>{title}</span>
              </a>
            </Tooltip>
          );
        })}
      </div>
    </div>
  );
}
