import { useLocation } from 'react-router-dom';
import { ComingSoon } from '@wenku/ui';
import { useDocumentTitle } from '../../../app/title';
import { ME_SECTIONS } from '../me-menu';

/** The personal centre's sections that arrive in later releases. */
export default function MeSectionPage() {
  const { pathname } = useLocation();
  const key = pathname.replace(/^\/me\/?/, '').split('/')[0] ?? '';
  const section = ME_SECTIONS.find((s) => s.path === key) ?? ME_SECTIONS[0];
  useDocumentTitle(section.label);
  return (
    <div className="wk-card wk-me-card">
      <h2 className="wk-me-section-title">
        {section.icon} {section.label}
      </h2>
      <ComingSoon title="即将上线" description={`${section.description}该功能正在建设中，敬请期待。`} />
    </div>
  );
}
