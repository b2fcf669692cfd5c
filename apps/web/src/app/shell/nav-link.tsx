import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isExternalHref } from '../../features/navigation/lib';

export interface SmartLinkProps {
  href: string;
  target?: string;
  domain?: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  onClick?: () => void;
}

/** A router link for site paths, a plain anchor (in its target) for full URLs. */
export function SmartLink({ href, target, domain, className, style, children, onClick }: SmartLinkProps) {
  const t = target === '_blank' ? '_blank' : undefined;
  if (isExternalHref(href, domain)) {
    return (
      <a href={href} target={t} rel={t ? 'noopener noreferrer' : undefined} className={className} style={style} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} target={t} className={className} style={style} onClick={onClick}>
      {children}
    </Link>
  );
}
