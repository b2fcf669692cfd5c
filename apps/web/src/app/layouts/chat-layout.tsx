import { Tooltip } from 'antd';
import { ClockCircleOutlined, HomeOutlined, MessageOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Link, NavLink, Outlet, useLocation, useMatch } from 'react-router-dom';
import { ChatCategory } from '@wenku/contracts/enums';
import { useScreen } from '@wenku/ui';
import { useSession } from '../session';
import { UserAvatar } from '../../features/user/components/user-avatar';
import { useSettings, useSiteName } from '../../features/settings/api';
import { useChatTopic } from '../../features/chat/api';

/** Spec §9: the chat bar is 70px wide. */
const CHAT_BAR_WIDTH = 70;

const ENTRIES = [
  { to: '/', label: '首页', icon: <HomeOutlined />, end: true },
  { to: '/chat/dialog', label: 'AI对话', icon: <MessageOutlined /> },
  { to: '/chat/search', label: 'AI搜索', icon: <SearchOutlined /> },
  { to: '/chat/history', label: '历史会话', icon: <ClockCircleOutlined /> },
  { to: '/me', label: '个人中心', icon: <UserOutlined /> },
];

/**
 * A narrow left bar (70px, spec §9) and the chat page; on phones the bar is a bottom bar. Chat pages need a login
 * (checked by the access redirects: `needsLogin` in app/access.ts covers /chat).
 */
export default function ChatLayout() {
  const user = useSession((s) => s.user);
  const { logo } = useSettings().system;
  const sitename = useSiteName();
  const { isMobile } = useScreen();
  const { pathname } = useLocation();
  // on a conversation (/chat/{uuid}) the entry of its kind is lit: AI搜索 for AI search, AI对话 for a dialog (the
  // topic is the page's own query, read from the cache)
  const topicUuid = useMatch('/chat/:id')?.params.id ?? '';
  const topic = useChatTopic(['dialog', 'search', 'history'].includes(topicUuid) ? '' : topicUuid).data;
  const topicEntry = topic ? (topic.category === ChatCategory.Search ? '/chat/search' : topic.category === ChatCategory.Dialog ? '/chat/dialog' : '') : '';
  // /chat is the dialog's welcome too
  const active = (to: string, isActive: boolean) =>
    to !== '/' && (isActive || to === topicEntry || (to === '/chat/dialog' && (pathname === '/chat' || pathname === '/chat/')));
  return (
    <div className={`wk-chat${isMobile ? ' is-mobile' : ''}`}>
      <aside className="wk-chat-bar" style={isMobile ? undefined : { width: CHAT_BAR_WIDTH }}>
        {!isMobile && (
          <Link to="/" className="wk-chat-logo" title={sitename}>
            {logo ? <img src={logo} alt={sitename} /> : <span>{sitename.slice(0, 2)}</span>}
          </Link>
        )}
        <nav className="wk-chat-nav" aria-label="对话导航">
          {ENTRIES.map((e) => (
            <Tooltip key={e.to} title={isMobile ? undefined : e.label} placement="right">
              <NavLink to={e.to} end={e.end} className={({ isActive }) => `wk-chat-nav-item${active(e.to, isActive) ? ' is-active' : ''}`}>
                {e.icon}
                <span>{e.label}</span>
              </NavLink>
            </Tooltip>
          ))}
        </nav>
        {!isMobile && (
          <Link to="/me" className="wk-chat-user" title={user?.username}>
            <UserAvatar user={user} size={34} />
          </Link>
        )}
      </aside>
      <main className="wk-chat-main">
        <Outlet />
      </main>
    </div>
  );
}
