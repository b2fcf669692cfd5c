import { Link } from 'react-router-dom';
import { useSettings, useSiteName } from '../../features/settings/api';

function LogoMark() {
  return (
    <svg className="wk-logo-mark" viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1677ff" />
      <path d="M18 16h20l10 10v22a2 2 0 0 1-2 2H18a2 2 0 0 1-2-2V18a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M38 16v10h10" fill="#bcd6ff" />
      <rect x="22" y="32" width="20" height="3" rx="1.5" fill="#1677ff" />
      <rect x="22" y="39" width="14" height="3" rx="1.5" fill="#1677ff" />
    </svg>
  );
}

/** settings.system.logo, else the site name as text. */
export function SiteLogo({ onClick }: { onClick?: () => void }) {
  const { logo } = useSettings().system;
  const sitename = useSiteName();
  return (
    <Link to="/" className="wk-logo" title={sitename} onClick={onClick}>
      {logo ? (
        <img src={logo} alt={sitename} className="wk-logo-img" />
      ) : (
        <>
          <LogoMark />
          <span className="wk-logo-text">{sitename}</span>
        </>
      )}
    </Link>
  );
}
