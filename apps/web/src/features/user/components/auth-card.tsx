import type { ReactNode } from 'react';
import { useSiteName } from '../../settings/api';

/** The centred login/register card over the configured background image (or a soft gradient). */
export function AuthCard({
  title,
  subtitle,
  background,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  background?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const sitename = useSiteName();
  return (
    <div className="wk-auth" style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      <div className="wk-auth-card">
        <div className="wk-auth-brand">{sitename}</div>
        <h1 className="wk-auth-title">{title}</h1>
        {subtitle && <div className="wk-auth-subtitle">{subtitle}</div>}
        {children}
        {footer && <div className="wk-auth-footer">{footer}</div>}
      </div>
    </div>
  );
}
