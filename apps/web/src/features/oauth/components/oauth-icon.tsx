import type { CSSProperties, ReactNode } from 'react';
import { ApiOutlined, GithubOutlined, QqOutlined, WechatOutlined } from '@ant-design/icons';
import '../oauth.css';

/** Name, colour and icon of each OAuth provider. */
const OAUTH_META: Record<string, { label: string; color: string; icon: ReactNode }> = {
  github: { label: 'GitHub', color: '#24292f', icon: <GithubOutlined /> },
  gitee: { label: 'Gitee', color: '#c71d23', icon: <span className="wk-oauth-letter">G</span> },
  qq: { label: 'QQ', color: '#12b7f5', icon: <QqOutlined /> },
  wechat: { label: '微信', color: '#07c160', icon: <WechatOutlined /> },
  wechatmp: { label: '微信小程序', color: '#07c160', icon: <WechatOutlined /> },
  custom: { label: '第三方', color: '#722ed1', icon: <ApiOutlined /> },
};

export function oauthMeta(type: string) {
  return OAUTH_META[type] ?? OAUTH_META.custom;
}

/** The provider's round icon. */
export function OAuthIcon({ type, size = 40, style }: { type: string; size?: number; style?: CSSProperties }) {
  const meta = oauthMeta(type);
  return (
    <span className="wk-oauth-icon" style={{ width: size, height: size, fontSize: size * 0.5, background: meta.color, ...style }}>
      {meta.icon}
    </span>
  );
}
