import { useEffect, useRef, useState } from 'react';
import { App, Button, Result, Spin } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, ReloadOutlined, ScanOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@wenku/contracts/schemas';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../app/title';
import { session } from '../../../app/session';
import { useAuthSuccess } from '../../user/use-auth-success';
import { AuthCard } from '../../user/components/auth-card';
import { useSettings } from '../../settings/api';
import { oauthKeys } from '../api';
import { formatCountdown, secondsUntil } from '../lib';
import '../oauth.css';

/** The account in a confirmed scan (typed `unknown` by the contract): an object with its id and name. */
function isUser(value: unknown): value is TUser {
  const u = value as Partial<TUser> | null;
  return typeof u === 'object' && u !== null && typeof u.id === 'number' && typeof u.username === 'string';
}

/** How often the page asks whether the code was scanned and confirmed. */
const SCAN_POLL_MS = 2000;

/**
 * /oauth/wechatmp: mini-program scan login. GET /oauth/wechatmp/scan/code gives a QR image (data URL) and its expiry;
 * the page polls POST /oauth/wechatmp/scan/login/status every 2 s until it is confirmed (log in with the returned
 * token and user) or expired (刷新二维码).
 */
export default function WechatMpPage() {
  useDocumentTitle('微信小程序扫码登录');
  const { system } = useSettings();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const authSuccess = useAuthSuccess();
  const [now, setNow] = useState(() => Date.now());
  const [confirmed, setConfirmed] = useState(false);
  const loggingIn = useRef(false);

  const scan = useQuery({
    queryKey: oauthKeys.scanCode,
    queryFn: ({ signal }) => apiClient.call(api.wechatScanCode, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const code = scan.data?.code ?? '';
  // the countdown to the code's expiry
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = scan.data ? secondsUntil(scan.data.expires_at, now) : 0;
  const expired = Boolean(scan.data) && left <= 0;

  const status = useQuery({
    queryKey: oauthKeys.scanStatus(code),
    queryFn: ({ signal }) => apiClient.call(api.wechatScanStatus, { body: { code }, signal }),
    enabled: Boolean(code) && !expired && !confirmed,
    // keep asking while it waits; stop once confirmed or expired
    refetchInterval: (q) => (!q.state.data || q.state.data.status === 'waiting' ? SCAN_POLL_MS : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });

  const serverExpired = status.data?.status === 'expired';
  useEffect(() => {
    const s = status.data;
    if (!s || s.status !== 'confirmed' || loggingIn.current) return;
    const user = s.user;
    if (!s.token || !isUser(user)) {
      message.error('登录失败');
      return;
    }
    loggingIn.current = true;
    setConfirmed(true);
    void authSuccess({ user, token: s.token }, '登录成功', session.getState().redirectAfterOauth);
  }, [status.data, authSuccess, message]);

  function refresh() {
    loggingIn.current = false;
    setConfirmed(false);
    setNow(Date.now());
    void qc.resetQueries({ queryKey: oauthKeys.scanCode });
  }

  if (scan.isError) {
    return (
      <AuthCard title="小程序扫码登录" background={system.login_background}>
        <Result
          className="wk-auth-result"
          status="warning"
          title="暂时无法扫码登录"
          subTitle={errorMessage(scan.error, '获取二维码失败，请稍后再试')}
          extra={[
            <Button key="retry" icon={<ReloadOutlined />} onClick={refresh}>
              重试
            </Button>,
            <Link key="login" to="/login">
              <Button type="primary">其他方式登录</Button>
            </Link>,
          ]}
        />
      </AuthCard>
    );
  }

  const showExpired = expired || serverExpired;
  return (
    <AuthCard
      title="小程序扫码登录"
      subtitle="使用微信扫描二维码，在小程序中确认登录"
      background={system.login_background}
      footer={
        <>
          不方便扫码？<Link to="/login">使用其他方式登录</Link>
        </>
      }
    >
      <div className="wk-scan">
        <div className="wk-scan-qr">
          {scan.data ? <img src={scan.data.qrcode} alt="小程序登录二维码" /> : <Spin />}
          {scan.data && showExpired && !confirmed && (
            <div className="wk-scan-mask">
              <ClockCircleOutlined style={{ color: '#faad14' }} />
              二维码已过期
              <Button type="primary" icon={<ReloadOutlined />} onClick={refresh}>
                刷新二维码
              </Button>
            </div>
          )}
          {confirmed && (
            <div className="wk-scan-mask">
              <CheckCircleFilled style={{ color: '#52c41a' }} />
              已确认，正在登录…
            </div>
          )}
        </div>
        <div className="wk-scan-tip">
          <ScanOutlined /> 打开微信「扫一扫」
        </div>
        {scan.data && !showExpired && !confirmed && <div className="wk-scan-countdown">二维码有效期 {formatCountdown(left)}</div>}
      </div>
    </AuthCard>
  );
}
