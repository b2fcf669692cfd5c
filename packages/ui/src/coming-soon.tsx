import type { ReactNode } from 'react';
import { Result } from 'antd';

export interface ComingSoonProps {
  title?: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}

function ClockIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
      <circle cx="36" cy="36" r="34" fill="#e6f0ff" />
      <circle cx="36" cy="36" r="22" fill="#fff" stroke="#1677ff" strokeWidth="4" />
      <path d="M36 24v13l8 6" stroke="#1677ff" strokeWidth="4" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** Placeholder for a feature that lands in a later release. */
export function ComingSoon({ title = '即将上线', description = '该功能正在建设中，敬请期待。', extra }: ComingSoonProps) {
  return <Result className="wk-coming-soon" icon={<ClockIcon />} title={title} subTitle={description} extra={extra} />;
}
