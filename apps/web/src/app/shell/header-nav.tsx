import { Dropdown, Popover } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts/enums';
import { useNavigation } from '../../features/navigation/api';
import { CATEGORY_POPOVER_HREFS, isActiveHref, type NavNode } from '../../features/navigation/lib';
import { CategoryPanel } from '../../features/category/components/category-panel';
import { useSettings } from '../../features/settings/api';
import { SmartLink } from './nav-link';

/** Hover card: 520 wide, opens after 600 ms (spec §9). */
const CATEGORY_POPOVER_WIDTH = 520;
const CATEGORY_POPOVER_DELAY_S = 0.6;

function NavEntry({ node, active }: { node: NavNode; active: boolean }) {
  const { domain } = useSettings().system;
  const label = (
    <SmartLink
      href={node.href}
      target={node.target}
      domain={domain}
      className={`wk-nav-link${active ? ' is-active' : ''}`}
      style={node.color ? { color: node.color } : undefined}
    >
      {node.title}
      {node.children.length > 0 && <DownOutlined className="wk-nav-caret" />}
    </SmartLink>
  );

  const popoverType = CATEGORY_POPOVER_HREFS[node.href];
  if (popoverType) {
    return (
      <Popover
        placement="bottomLeft"
        arrow={false}
        mouseEnterDelay={CATEGORY_POPOVER_DELAY_S}
        styles={{ root: { width: CATEGORY_POPOVER_WIDTH } }}
        content={<CategoryPanel type={popoverType === 'article' ? CategoryType.Article : CategoryType.Document} />}
      >
        {label}
      </Popover>
    );
  }
  if (node.children.length > 0) {
    return (
      <Dropdown
        placement="bottom"
        menu={{
          items: node.children.map((c) => ({
            key: String(c.id),
            label: (
              <SmartLink href={c.href} target={c.target} domain={domain} style={c.color ? { color: c.color } : undefined}>
                {c.title}
              </SmartLink>
            ),
          })),
        }}
      >
        {label}
      </Dropdown>
    );
  }
  return label;
}

export function HeaderNav() {
  const nodes = useNavigation();
  const { pathname } = useLocation();
  return (
    <nav className="wk-nav" aria-label="主导航">
      {nodes.map((n) => (
        <NavEntry key={n.id} node={n} active={isActiveHref(n.href, pathname)} />
      ))}
    </nav>
  );
}
