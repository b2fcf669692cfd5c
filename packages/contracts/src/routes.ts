import { routeKey, type RouteDef } from './common/route';
import { permissionKey } from './permission';
import { userRoutes, groupRoutes, permissionRoutes } from './user/routes';
import { mailRoutes } from './mail/routes';
import { smsRoutes } from './sms/routes';
import { oauthRoutes } from './oauth/routes';
import { configRoutes } from './config/routes';
import { categoryRoutes, navigationRoutes, friendlinkRoutes, advertisementRoutes } from './content/routes';
import { systemRoutes } from './system/routes';
import { accountRoutes } from './account/routes';
import { attachmentRoutes } from './attachment/routes';
import { documentRoutes } from './document/routes';
import { interactionRoutes } from './interaction/routes';
import { conversionRoutes } from './conversion/routes';
import { downloadRoutes } from './download/routes';
import { searchRoutes } from './search/routes';
import { articleRoutes } from './article/routes';
import { bannerRoutes } from './banner/routes';
import { seoRoutes } from './seo/routes';
import { orderRoutes } from './order/routes';
import { llmRoutes } from './llm/routes';
import { chatRoutes } from './chat/routes';
import { knowledgeRoutes } from './knowledge/routes';
import { ocrRoutes } from './ocr/routes';
import { spiderRoutes } from './spider/routes';
import { readerRoutes } from './reader/routes';

/** Every API route, by name. The API registers exactly these; the clients call only these. */
export const api = {
  ...systemRoutes,
  ...userRoutes,
  ...groupRoutes,
  ...permissionRoutes,
  ...configRoutes,
  ...categoryRoutes,
  ...navigationRoutes,
  ...friendlinkRoutes,
  ...advertisementRoutes,
  ...accountRoutes,
  ...mailRoutes,
  ...smsRoutes,
  ...oauthRoutes,
  ...attachmentRoutes,
  ...documentRoutes,
  ...interactionRoutes,
  ...conversionRoutes,
  ...downloadRoutes,
  ...searchRoutes,
  ...articleRoutes,
  ...bannerRoutes,
  ...seoRoutes,
  ...orderRoutes,
  ...llmRoutes,
  ...chatRoutes,
  ...knowledgeRoutes,
  ...ocrRoutes,
  ...spiderRoutes,
  ...readerRoutes,
};
export type Api = typeof api;
export type RouteName = keyof Api;

export const ROUTE_LIST: RouteDef[] = Object.values(api) as RouteDef[];

/** Routes that carry a permission entry: admin routes and dual-mode routes. */
export const PERMISSION_ROUTES: RouteDef[] = ROUTE_LIST.filter((r) => r.auth === 'admin' || r.permission);

/**
 * module -> key of its list permission: `GRPC /api.v1.<Service>API/List…` for the modules moredoc has (the same rule
 * moredoc-web applies: a service's list method unlocks its pages), `METHOD /api/v1/path` for Wenku's own.
 */
export const MODULE_LIST_KEYS: Record<string, string> = Object.fromEntries(
  ROUTE_LIST.filter((r) => r.list && r.module).map((r) => [r.module!, permissionKey(r)]),
);

/** `METHOD /api/v1/path` -> moredoc's gRPC method, of every route declaring `grpc` (the routes are the table). */
export const MOREDOC_GRPC_METHODS: Readonly<Record<string, string>> = Object.fromEntries(ROUTE_LIST.filter((r) => r.grpc).map((r) => [routeKey(r), r.grpc!]));
