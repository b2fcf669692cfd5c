import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import {
  AccountBookOutlined,
  AlertOutlined,
  ApiOutlined,
  BarsOutlined,
  CloudDownloadOutlined,
  CommentOutlined,
  CompassOutlined,
  ControlOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DesktopOutlined,
  DownloadOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  NumberOutlined,
  PaperClipOutlined,
  PayCircleOutlined,
  PictureOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SearchOutlined,
  SettingOutlined,
  SkinOutlined,
  StopOutlined,
  SwapOutlined,
  TeamOutlined,
  TranslationOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WechatOutlined,
  BorderBottomOutlined,
  ProfileOutlined,
  BranchesOutlined,
  ThunderboltOutlined,
  GiftOutlined,
} from '@ant-design/icons';
import { CONFIG_SECTIONS, type ConfigCategory } from '@wenku/contracts';
import type { AccessRoute } from './access';
import type { AdminRouteHandle } from './route-handle';

type Page = LazyExoticComponent<ComponentType>;

/**
 * One entry of the admin's route table, the one module → page table: it drives the side menu, the guard (a page is
 * unlocked by its module's list permission) and, as react-router `handle`, the page titles and breadcrumbs.
 */
export interface AdminRoute extends AccessRoute {
  /** path below /admin */
  path: string;
  title: string;
  icon?: ReactNode;
  /** reachable regardless of permissions */
  is_public?: boolean;
  hideInMenu?: boolean;
  /** lazily loaded page; entries without one are menu groups */
  component?: Page;
  children?: AdminRoute[];
}

const Dashboard = lazy(() => import('../pages/dashboard'));
const ConfigPage = lazy(() => import('../pages/config'));
const DocumentCategory = lazy(() => import('../pages/category/document-category'));
const ArticleCategory = lazy(() => import('../pages/category/article-category'));
const Navigation = lazy(() => import('../pages/navigation'));
const Friendlink = lazy(() => import('../pages/friendlink'));
const Advertisement = lazy(() => import('../pages/advertisement'));
const UserList = lazy(() => import('../pages/user'));
const UserGroup = lazy(() => import('../pages/group'));
const UserPermission = lazy(() => import('../pages/permission'));
const UserPunishment = lazy(() => import('../pages/punishment'));
const UserVip = lazy(() => import('../pages/vip'));
const UserSms = lazy(() => import('../pages/sms'));
const DocumentList = lazy(() => import('../pages/document'));
const DocumentRecycle = lazy(() => import('../pages/recycle'));
const DocumentLanguage = lazy(() => import('../pages/language'));
const Attachment = lazy(() => import('../pages/attachment'));
const Comment = lazy(() => import('../pages/comment'));
const Report = lazy(() => import('../pages/report'));
const SearchRecord = lazy(() => import('../pages/searchrecord'));
const SpiderUrl = lazy(() => import('../pages/spider/url-page'));
const SpiderDocument = lazy(() => import('../pages/spider/document-page'));
const Llm = lazy(() => import('../pages/llm'));
const AiChat = lazy(() => import('../pages/ai-chat'));
const Embedding = lazy(() => import('../pages/embedding'));
const Ocr = lazy(() => import('../pages/ocr'));
const ArticleList = lazy(() => import('../pages/article'));
const ArticleRecycle = lazy(() => import('../pages/article/recycle'));
const ArticleSet = lazy(() => import('../pages/article/set'));
const Banner = lazy(() => import('../pages/banner'));
const Order = lazy(() => import('../pages/order'));

const CONFIG_ICONS: Record<ConfigCategory, ReactNode> = {
  system: <DesktopOutlined />,
  article: <ReadOutlined />,
  security: <SafetyCertificateOutlined />,
  display: <SkinOutlined />,
  footer: <BorderBottomOutlined />,
  download: <DownloadOutlined />,
  score: <GiftOutlined />,
  vip: <CrownOutlined />,
  pay: <PayCircleOutlined />,
  sms: <MessageOutlined />,
  email: <MailOutlined />,
  captcha: <NumberOutlined />,
  oauth: <KeyOutlined />,
  miniprogram: <WechatOutlined />,
  converter: <SwapOutlined />,
  search: <SearchOutlined />,
  ocr: <ScanOutlined />,
  llm: <RobotOutlined />,
  ssr: <GlobalOutlined />,
};

/** Order of the config sub-menu: the everyday sections first. */
const CONFIG_ORDER: ConfigCategory[] = [
  'system',
  'article',
  'security',
  'display',
  'footer',
  'download',
  'score',
  'vip',
  'pay',
  'sms',
  'email',
  'captcha',
  'oauth',
  'miniprogram',
  'converter',
  'search',
  'ocr',
  'llm',
  'ssr',
];

export const ADMIN_ROUTES: AdminRoute[] = [
  { path: '/dashboard', title: '控制面板', icon: <DashboardOutlined />, component: Dashboard },
  {
    path: '/document',
    title: '文档管理',
    icon: <FileTextOutlined />,
    children: [
      { path: '/document/list', title: '文档列表', icon: <ProfileOutlined />, module: 'document', component: DocumentList },
      { path: '/document/category', title: '文档分类', icon: <FolderOpenOutlined />, module: 'category', component: DocumentCategory },
      { path: '/document/ocr', title: 'OCR 识别', icon: <ScanOutlined />, module: 'ocr', component: Ocr },
      { path: '/document/language', title: '文档语言', icon: <TranslationOutlined />, module: 'language', component: DocumentLanguage },
      { path: '/document/searchrecord', title: '搜索记录', icon: <FileSearchOutlined />, module: 'searchrecord', component: SearchRecord },
      { path: '/document/recycle', title: '文档回收站', icon: <DeleteOutlined />, module: 'recycle', component: DocumentRecycle },
    ],
  },
  {
    path: '/article',
    title: '文章管理',
    icon: <ReadOutlined />,
    children: [
      { path: '/article/list', title: '文章列表', icon: <BarsOutlined />, module: 'article', component: ArticleList },
      { path: '/article/category', title: '文章分类', icon: <FolderOpenOutlined />, module: 'category', component: ArticleCategory },
      { path: '/article/recycle', title: '文章回收站', icon: <DeleteOutlined />, module: 'article', component: ArticleRecycle },
      { path: '/article/set', title: '文章设置', icon: <ControlOutlined />, module: 'article', component: ArticleSet },
    ],
  },
  {
    path: '/user',
    title: '用户管理',
    icon: <TeamOutlined />,
    children: [
      { path: '/user/list', title: '用户列表', icon: <UserOutlined />, module: 'user', component: UserList },
      { path: '/user/group', title: '用户组', icon: <UsergroupAddOutlined />, module: 'group', component: UserGroup },
      { path: '/user/permission', title: '权限管理', icon: <LockOutlined />, module: 'permission', component: UserPermission },
      { path: '/user/punishment', title: '惩罚管理', icon: <StopOutlined />, module: 'punishment', component: UserPunishment },
      { path: '/user/vip', title: 'VIP 会员', icon: <CrownOutlined />, module: 'vip', component: UserVip },
      { path: '/user/sms', title: '短信记录', icon: <MobileOutlined />, module: 'sms', component: UserSms },
    ],
  },
  { path: '/comment', title: '评论管理', icon: <CommentOutlined />, module: 'comment', component: Comment },
  { path: '/report', title: '举报管理', icon: <AlertOutlined />, module: 'report', component: Report },
  { path: '/order', title: '订单管理', icon: <AccountBookOutlined />, module: 'order', component: Order },
  {
    path: '/ai',
    title: 'AI 管理',
    icon: <RobotOutlined />,
    children: [
      { path: '/ai/llm', title: '大模型', icon: <ThunderboltOutlined />, module: 'llm', component: Llm },
      { path: '/ai/embedding', title: '向量化', icon: <BranchesOutlined />, module: 'embedding', component: Embedding },
      { path: '/ai/chat', title: '对话记录', icon: <MessageOutlined />, module: 'llm', component: AiChat },
    ],
  },
  {
    path: '/spider',
    title: '采集管理',
    icon: <CloudDownloadOutlined />,
    children: [
      { path: '/spider/url', title: '采集网址', icon: <ApiOutlined />, module: 'spider', component: SpiderUrl },
      { path: '/spider/document', title: '采集文档', icon: <DatabaseOutlined />, module: 'spider', component: SpiderDocument },
    ],
  },
  { path: '/banner', title: '横幅管理', icon: <PictureOutlined />, module: 'banner', component: Banner },
  { path: '/navigation', title: '导航管理', icon: <CompassOutlined />, module: 'navigation', component: Navigation },
  { path: '/friendlink', title: '友情链接', icon: <LinkOutlined />, module: 'friendlink', component: Friendlink },
  { path: '/advertisement', title: '广告管理', icon: <NotificationOutlined />, module: 'advertisement', component: Advertisement },
  { path: '/attachment', title: '附件管理', icon: <PaperClipOutlined />, module: 'attachment', component: Attachment },
  {
    path: '/config',
    title: '系统配置',
    icon: <SettingOutlined />,
    children: CONFIG_ORDER.map((category) => ({
      path: `/config/${category}`,
      title: CONFIG_SECTIONS[category].title,
      icon: CONFIG_ICONS[category],
      module: 'config',
      component: ConfigPage,
    })),
  },
];

/** The table as react-router routes (below the admin shell): title, icon and module ride along as `handle`. */
export function toRouteObjects(routes: readonly AdminRoute[]): RouteObject[] {
  return routes.map((r) => {
    const handle: AdminRouteHandle = { title: r.title, icon: r.icon, module: r.module };
    const Page = r.component;
    return {
      path: r.path,
      handle,
      element: Page ? <Page key={r.path} /> : undefined,
      children: r.children ? toRouteObjects(r.children) : undefined,
    };
  });
}
