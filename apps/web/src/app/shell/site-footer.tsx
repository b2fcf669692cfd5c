import { Card } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { HtmlContent } from '@wenku/ui';
import { useFriendlinks } from '../../features/friendlink/api';
import { useSiteConfig } from '../../features/settings/api';
import { copyrightYears, footerLinks, ICP_URL, secIcpUrl } from './footer-lib';
import { SmartLink } from './nav-link';

/** Friend links: a card on the home page only. */
function FriendLinks() {
  const { data } = useFriendlinks();
  if (!data || data.length === 0) return null;
  return (
    <div className="wk-container">
      <Card
        className="wk-friendlinks"
        size="small"
        title={
          <span>
            <LinkOutlined /> 友情链接
          </span>
        }
      >
        <div className="wk-friendlinks-list">
          {data.map((l) => (
            <a key={l.id} href={l.link} target="_blank" rel="noopener noreferrer" title={l.title}>
              {l.title}
            </a>
          ))}
        </div>
      </Card>
    </div>
  );
}

export function SiteFooter() {
  const { pathname } = useLocation();
  const cfg = useSiteConfig();
  const links = footerLinks(cfg.footer);
  return (
    <>
      {pathname === '/' && <FriendLinks />}
      <footer className="wk-footer">
        <div className="wk-container">
          {links.length > 0 && (
            <nav className="wk-footer-links" aria-label="底部链接">
              {links.map((l) => (
                <SmartLink key={l.key} href={l.href} domain={cfg.domain}>
                  {l.label}
                </SmartLink>
              ))}
            </nav>
          )}
          {cfg.display.copyrightStatement && <HtmlContent className="wk-footer-statement" html={cfg.display.copyrightStatement} />}
          <div className="wk-footer-line">
            <span>
              © {copyrightYears(cfg.copyrightStartYear)} {cfg.sitename}
            </span>
            <a href="/sitemap.xml" target="_blank" rel="noopener">
              站点地图
            </a>
            {cfg.icp && (
              <a href={ICP_URL} target="_blank" rel="noopener noreferrer nofollow">
                {cfg.icp}
              </a>
            )}
            {cfg.secIcp && (
              <a href={secIcpUrl(cfg.secIcp)} target="_blank" rel="noopener noreferrer nofollow" className="wk-footer-police">
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                  <path d="M8 1l6 2.5v4c0 3.6-2.6 6.5-6 7.5-3.4-1-6-3.9-6-7.5v-4L8 1z" fill="#d9a400" />
                  <path d="M5 8l2 2 4-4" stroke="#fff" strokeWidth="1.6" fill="none" />
                </svg>
                {cfg.secIcp}
              </a>
            )}
          </div>
          {cfg.enablePoweredBy && (
            <div className="wk-footer-powered">
              Powered by Wenku
              {cfg.version ? ` v${cfg.version}` : ''}
            </div>
          )}
        </div>
      </footer>
    </>
  );
}
