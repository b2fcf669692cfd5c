import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isExternalHref } from '../../features/navigation/lib';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  href: string;
  target?: string;
  domain?: string;
  children: ReactNode;
}

/**
 * A router link for site paths, a plain anchor (in its target) for full URLs.
 * Forwards its ref and extra props so antd Popover/Dropdown/Tooltip can wrap it.
 */
export const SmartLink = forwardRef<HTMLAnchorElement, SmartLinkProps>(function SmartLink({ href, target, domain, children, ...rest }, ref) {
  const t = target === '_blank' ? '_blank' : undefined;
  if (isExternalHref(href, domain)) {
    return (
      <a ref={ref} href={href} target={t} rel={t ? 'noopener noreferrer' : undefined} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={href} target={t} {...rest}>
      {children}
    </Link>
  );
});
