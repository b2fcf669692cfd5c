import { describe, expect, it } from 'vitest';
import { claimOAuthCode, formatCountdown, isOAuthType, oauthCallbackTemplate, oauthReturnPath, secondsUntil } from './lib';

describe('oauthReturnPath (redirectAfterOauth)', () => {
  it('takes the redirect query of the login page', () => {
    expect(oauthReturnPath('/document/12')).toBe('/document/12');
    expect(oauthReturnPath('/category/3?page=2')).toBe('/category/3?page=2');
  });
  it('defaults to /me without a redirect', () => {
    expect(oauthReturnPath(null)).toBe('/me');
    expect(oauthReturnPath(undefined)).toBe('/me');
    expect(oauthReturnPath('')).toBe('/me');
  });
  it('never returns to an /oauth page', () => {
    expect(oauthReturnPath('/oauth/github')).toBe('/me');
    expect(oauthReturnPath('/oauth/wechatmp?code=1')).toBe('/me');
  });
  it('never leaves the site or returns to login/register', () => {
    expect(oauthReturnPath('https://evil.example/')).toBe('/me');
    expect(oauthReturnPath('//evil.example/')).toBe('/me');
    expect(oauthReturnPath('/login')).toBe('/me');
    expect(oauthReturnPath('/register?x=1')).toBe('/me');
  });
});

describe('oauth helpers', () => {
  it('builds the callback template on the current origin', () => {
    expect(oauthCallbackTemplate('https://wk.example.com/')).toBe('https://wk.example.com/oauth/{type}');
  });
  it('knows the provider types', () => {
    expect(isOAuthType('github')).toBe(true);
    expect(isOAuthType('wechat')).toBe(true);
    expect(isOAuthType('facebook')).toBe(false);
  });
  it('lets a provider code be used once', () => {
    expect(claimOAuthCode('github', 'abc')).toBe(true);
    expect(claimOAuthCode('github', 'abc')).toBe(false);
    expect(claimOAuthCode('gitee', 'abc')).toBe(true);
  });
  it('counts down to the QR code expiry', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(secondsUntil('2025-01-01T00:05:00Z', now)).toBe(300);
    expect(secondsUntil('2025-01-01T00:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2024-12-31T23:59:00Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
