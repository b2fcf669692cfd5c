import { LinkOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { HtmlContent } from '@wenku/ui';
import { useFriendlinks } from '../../features/friendlink/api';
import { useSettings, useSiteName } from '../../features/settings/api';
import { copyrightYears, footerLinks, ICP_URL, secIcpUrl } from './footer-lib';
import { SmartLink } from './nav-link';

/** Friend links: a card on the home page only. */
function FriendLinks() {
  const { data } = useFriendlinks();
  if (!data || data.length === 0) return null;
  return (
    <div className="wk-container">
      {/* a plain card: antd's Card would bring its Tabs along to every page */}
      <section className="wk-friendlinks" aria-label="友情链接">
        <div className="wk-friendlinks-head">
          <LinkOutlined /> 友情链接
        </div>
        <div className="wk-friendlinks-list">
          {data.map((l) => (
            <a key={l.id} href={l.link} target="_blank" rel="noopener noreferrer" title={l.title}>
              {l.title}
            </a>
          ))}
        </div>
      </section>
    </div>
  );
}

export function SiteFooter() {
  const { pathname } = useLocation();
  const { system, footer, display } = useSettings();
  const sitename = useSiteName();
  const links = footerLinks(footer);
  return (
    <>
      {pathname === '/' && <FriendLinks />}
      <footer className="wk-footer">
        <div className="wk-container">
          {links.length > 0 && (
            <nav className="wk-footer-links" aria-label="底部链接">
              {links.map((l) => (
                <SmartLink key={l.key} href={l.href} domain={system.domain}>
                  {l.label}
                </SmartLink>
              ))}
            </nav>
          )}
          {display.copyright_statement && <HtmlContent className="wk-footer-statement" html={display.copyright_statement} />}
          <div className="wk-footer-line">
            <span>
              © {copyrightYears(system.copyright_start_year)} {sitename}
            </span>
            <a href="/sitemap.xml" target="_blank" rel="noopener">
              站点地图
            </a>
            {system.icp && (
              <a href={ICP_URL} target="_blank" rel="noopener noreferrer nofollow">
                {system.icp}
              </a>
            )}
            {system.sec_icp && (
              <a href={secIcpUrl(system.sec_icp)} target="_blank" rel="noopener noreferrer nofollow" className="wk-footer-police">
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                  <path d="M8 1l6 2.5v4c0 3.6-2.6 6.5-6 7.5-3.4-1-6-3.9-6-7.5v-4L8 1z" fill="#d9a400" />
                  <path d="M5 8l2 2 4-4" stroke="#fff" strokeWidth="1.6" fill="none" />
                </svg>
                {system.sec_icp}
              </a>
            )}
          </div>
          {system.enable_powered_by && (
            <div className="wk-footer-powered">
              Powered by Wenku
              {system.version ? ` v${system.version}` : ''}
            </div>
          )}
        </div>
      </footer>
    </>
  );
}
