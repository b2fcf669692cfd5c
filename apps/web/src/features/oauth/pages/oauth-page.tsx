import { useEffect, useState } from 'react';
import { App, Button, Result, Spin } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../app/title';
import { session } from '../../../app/session';
import { useAuthSuccess } from '../../user/use-auth-success';
import { establishSession } from '../../user/api';
import { AuthCard } from '../../user/components/auth-card';
import { useSettings } from '../../settings/api';
import { OAuthIcon, oauthMeta } from '../components/oauth-icon';
import { claimOAuthCode, isOAuthType, oauthCallbackTemplate, takeOAuthNonce } from '../lib';
import '../oauth.css';

type Phase = { kind: 'working' } | { kind: 'confirm' } | { kind: 'failed'; title: string; detail: string; bind: boolean };

/**
 * /oauth/{type}: the provider sends the browser back here with ?code&state, and the page adds this tab's nonce.
 * Logged out: POST /oauth/login. Logged in: the user confirms first (a link from someone else must not attach their
 * identity silently), then POST /oauth/bind (failure: 绑定失败). Then on to the stored return path
 * (redirectAfterOauth, /me by default).
 */
export default function OAuthPage() {
  const { type = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const authSuccess = useAuthSuccess();
  const { system } = useSettings();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? undefined;
  const providerError = params.get('error_description') || params.get('error') || '';
  const meta = oauthMeta(type);
  useDocumentTitle(`${meta.label}登录`);
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const [nonce] = useState(() => (code ? takeOAuthNonce() : undefined));
  const user = session.getState().user;

  useEffect(() => {
    const binding = Boolean(session.getState().token);
    if (!isOAuthType(type)) {
      setPhase({ kind: 'failed', title: '不支持的登录方式', detail: `未知的第三方登录类型「${type}」。`, bind: binding });
      return;
    }
    if (!code) {
      setPhase({
        kind: 'failed',
        title: binding ? '绑定失败' : '登录失败',
        detail: providerError || '没有收到第三方平台的授权码，可能是您取消了授权。',
        bind: binding,
      });
      return;
    }
    if (binding) {
      setPhase({ kind: 'confirm' });
      return;
    }
    if (!claimOAuthCode(type, code)) return;
    const to = session.getState().redirectAfterOauth;
    const body = { type, code, state, nonce, redirect_uri: oauthCallbackTemplate(window.location.origin) };
    void (async () => {
      try {
        const result = await apiClient.call(api.oauthLogin, { body });
        await authSuccess(result, '登录成功', to);
      } catch (e) {
        const text = errorMessage(e, '登录失败');
        message.error(text);
        setPhase({ kind: 'failed', title: '登录失败', detail: text, bind: false });
      }
    })();
    // the code is used once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, code]);

  const bind = async () => {
    if (!isOAuthType(type) || !claimOAuthCode(type, code)) return;
    setPhase({ kind: 'working' });
    const body = { type, code, state, nonce, redirect_uri: oauthCallbackTemplate(window.location.origin) };
    try {
      const result = await apiClient.call(api.oauthBind, { body });
      // the answer carries a fresh token: everything keyed by the token (the bound list too) reloads
      await establishSession(qc, result);
      message.success('绑定成功');
      navigate(session.getState().redirectAfterOauth, { replace: true });
    } catch (e) {
      message.error('绑定失败');
      setPhase({ kind: 'failed', title: '绑定失败', detail: errorMessage(e, '请稍后重试。'), bind: true });
    }
  };

  if (phase.kind === 'confirm') {
    return (
      <AuthCard title={`${meta.label}账号绑定`} background={system.login_background}>
        <div className="wk-oauth-status">
          <OAuthIcon type={type} size={56} />
          <p>
            确认将这个{meta.label}账号绑定到当前账号 <strong>{user?.username}</strong> 吗？
            <br />
            绑定后可以用{meta.label}直接登录本站。如果不是您本人发起的绑定，请点“取消”。
          </p>
          <div className="wk-oauth-actions">
            <Button type="primary" onClick={() => void bind()}>
              确认绑定
            </Button>
            <Link to="/me/profile">
              <Button>取消</Button>
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`${meta.label}${phase.kind === 'failed' && phase.bind ? '账号绑定' : '登录'}`} background={system.login_background}>
      {phase.kind === 'working' ? (
        <div className="wk-oauth-status">
          <OAuthIcon type={type} size={56} />
          <p>
            <Spin size="small" /> 正在验证{meta.label}授权，请稍候…
          </p>
        </div>
      ) : (
        <Result
          className="wk-auth-result"
          status="error"
          title={phase.title}
          subTitle={phase.detail}
          extra={
            phase.bind ? (
              <Link to="/me/profile">
                <Button type="primary">返回个人资料</Button>
              </Link>
            ) : (
              <Link to="/login">
                <Button type="primary">返回登录</Button>
              </Link>
            )
          }
        />
      )}
    </AuthCard>
  );
}
