import type { RouteDef } from './common/route';
import { routeKey, routeUrl } from './common/route';

/**
 * moredoc's permission model (spec §6, moredoc `model/permission.go`): an operation that moredoc serves over gRPC
 * (through grpc-gateway) is a permission entry with method `GRPC` and the gRPC full method name as path
 * (`/api.v1.DocumentAPI/ListDocument`); entries group by service, and a service's list method unlocks its admin pages.
 * Only routes without a moredoc counterpart (uploads, VIP, orders, AI, OCR, spider…) keep HTTP entries
 * (`POST /api/v1/upload/banner`), as moredoc does for its gin upload routes.
 */
export const GRPC_METHOD = 'GRPC' as const;
export const GRPC_PACKAGE = 'api.v1';
/** The methods a permission entry can have (the permission list filters by them). */
export const PERMISSION_METHODS = [GRPC_METHOD, 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT'] as const;

/**
 * moredoc's gateway bindings (`api/v1/*.proto`, commit 3fd9e9a): `METHOD /api/v1/path` → `<Service>/<Method>`.
 * A Wenku route at the same method and path is the same operation, so its permission entry takes this name.
 */
export const MOREDOC_GRPC_METHODS: Readonly<Record<string, string>> = {
  'POST /api/v1/advertisement': 'AdvertisementAPI/CreateAdvertisement',
  'PUT /api/v1/advertisement': 'AdvertisementAPI/UpdateAdvertisement',
  'DELETE /api/v1/advertisement': 'AdvertisementAPI/DeleteAdvertisement',
  'GET /api/v1/advertisement': 'AdvertisementAPI/GetAdvertisement',
  'GET /api/v1/advertisement/position': 'AdvertisementAPI/GetAdvertisementByPosition',
  'GET /api/v1/advertisement/list': 'AdvertisementAPI/ListAdvertisement',
  'POST /api/v1/article': 'ArticleAPI/CreateArticle',
  'PUT /api/v1/article': 'ArticleAPI/UpdateArticle',
  'DELETE /api/v1/article': 'ArticleAPI/DeleteArticle',
  'GET /api/v1/article': 'ArticleAPI/GetArticle',
  'GET /api/v1/article/list': 'ArticleAPI/ListArticle',
  'PUT /api/v1/article/category': 'ArticleAPI/SetArticlesCategory',
  'PUT /api/v1/article/recommend': 'ArticleAPI/RecommendArticles',
  'PUT /api/v1/article/check': 'ArticleAPI/CheckArticles',
  'GET /api/v1/article/recycle/list': 'ArticleAPI/ListRecycleArticle',
  'POST /api/v1/article/recycle/restore': 'ArticleAPI/RestoreRecycleArticle',
  'DELETE /api/v1/article/recycle': 'ArticleAPI/DeleteRecycleArticle',
  'DELETE /api/v1/article/recycle/empty': 'ArticleAPI/EmptyRecycleArticle',
  'GET /api/v1/article/search': 'ArticleAPI/SearchArticle',
  'GET /api/v1/article/related': 'ArticleAPI/GetRelatedArticles',
  'PUT /api/v1/attachment': 'AttachmentAPI/UpdateAttachment',
  'DELETE /api/v1/attachment': 'AttachmentAPI/DeleteAttachment',
  'GET /api/v1/attachment': 'AttachmentAPI/GetAttachment',
  'GET /api/v1/attachment/list': 'AttachmentAPI/ListAttachment',
  'POST /api/v1/banner': 'BannerAPI/CreateBanner',
  'PUT /api/v1/banner': 'BannerAPI/UpdateBanner',
  'DELETE /api/v1/banner': 'BannerAPI/DeleteBanner',
  'GET /api/v1/banner': 'BannerAPI/GetBanner',
  'GET /api/v1/banner/list': 'BannerAPI/ListBanner',
  'POST /api/v1/category': 'CategoryAPI/CreateCategory',
  'PUT /api/v1/category': 'CategoryAPI/UpdateCategory',
  'DELETE /api/v1/category': 'CategoryAPI/DeleteCategory',
  'GET /api/v1/category': 'CategoryAPI/GetCategory',
  'GET /api/v1/category/list': 'CategoryAPI/ListCategory',
  'POST /api/v1/comment': 'CommentAPI/CreateComment',
  'PUT /api/v1/comment': 'CommentAPI/UpdateComment',
  'DELETE /api/v1/comment': 'CommentAPI/DeleteComment',
  'GET /api/v1/comment': 'CommentAPI/GetComment',
  'GET /api/v1/comment/list': 'CommentAPI/ListComment',
  'POST /api/v1/comment/check': 'CommentAPI/CheckComment',
  'GET /api/v1/settings': 'ConfigAPI/GetSettings',
  'PUT /api/v1/config': 'ConfigAPI/UpdateConfig',
  'GET /api/v1/config/list': 'ConfigAPI/ListConfig',
  'GET /api/v1/stats': 'ConfigAPI/GetStats',
  'GET /api/v1/envs': 'ConfigAPI/GetEnvs',
  'PUT /api/v1/sitemap': 'ConfigAPI/UpdateSitemap',
  'GET /api/v1/device': 'ConfigAPI/GetDeviceInfo',
  'PUT /api/v1/sqlmode': 'ConfigAPI/SetSQLMode',
  'GET /api/v1/release': 'ConfigAPI/GetLatestRelease',
  'POST /api/v1/release': 'ConfigAPI/RefreshLatestRelease',
  'PUT /api/v1/release/ignore': 'ConfigAPI/IgnoreRelease',
  'PUT /api/v1/release/source': 'ConfigAPI/SetReleaseSource',
  'GET /api/v1/document/home': 'DocumentAPI/ListDocumentForHome',
  'PUT /api/v1/document/recommend': 'DocumentAPI/SetDocumentRecommend',
  'POST /api/v1/document': 'DocumentAPI/CreateDocument',
  'PUT /api/v1/document': 'DocumentAPI/UpdateDocument',
  'DELETE /api/v1/document': 'DocumentAPI/DeleteDocument',
  'GET /api/v1/document': 'DocumentAPI/GetDocument',
  'GET /api/v1/document/related': 'DocumentAPI/GetRelatedDocuments',
  'GET /api/v1/document/download': 'DocumentAPI/DownloadDocument',
  'PUT /api/v1/document/check': 'DocumentAPI/CheckDocument',
  'GET /api/v1/document/list': 'DocumentAPI/ListDocument',
  'GET /api/v1/document/search': 'DocumentAPI/SearchDocument',
  'POST /api/v1/document/score': 'DocumentAPI/SetDocumentScore',
  'GET /api/v1/document/score': 'DocumentAPI/GetDocumentScore',
  'PUT /api/v1/document/reconvert': 'DocumentAPI/SetDocumentReconvert',
  'PUT /api/v1/document/category': 'DocumentAPI/SetDocumentsCategory',
  'PUT /api/v1/document/language': 'DocumentAPI/SetDocumentsLanguage',
  'GET /api/v1/document/download/bereviewed': 'DocumentAPI/DownloadDocumentToBeReviewed',
  'GET /api/v1/document/recycle': 'RecycleAPI/ListRecycleDocument',
  'PUT /api/v1/document/recycle': 'RecycleAPI/RecoverRecycleDocument',
  'DELETE /api/v1/document/recycle': 'RecycleAPI/DeleteRecycleDocument',
  'DELETE /api/v1/document/recycle/all': 'RecycleAPI/ClearRecycleDocument',
  'POST /api/v1/friendlink': 'FriendlinkAPI/CreateFriendlink',
  'PUT /api/v1/friendlink': 'FriendlinkAPI/UpdateFriendlink',
  'DELETE /api/v1/friendlink': 'FriendlinkAPI/DeleteFriendlink',
  'GET /api/v1/friendlink': 'FriendlinkAPI/GetFriendlink',
  'GET /api/v1/friendlink/list': 'FriendlinkAPI/ListFriendlink',
  'POST /api/v1/group': 'GroupAPI/CreateGroup',
  'PUT /api/v1/group': 'GroupAPI/UpdateGroup',
  'DELETE /api/v1/group': 'GroupAPI/DeleteGroup',
  'GET /api/v1/group': 'GroupAPI/GetGroup',
  'GET /api/v1/group/list': 'GroupAPI/ListGroup',
  'GET /api/v1/group/permission': 'GroupAPI/GetGroupPermission',
  'PUT /api/v1/group/permission': 'GroupAPI/UpdateGroupPermission',
  'POST /api/v1/language': 'LanguageAPI/CreateLanguage',
  'PUT /api/v1/language': 'LanguageAPI/UpdateLanguage',
  'PUT /api/v1/language/status': 'LanguageAPI/UpdateLanguageStatus',
  'GET /api/v1/language/list': 'LanguageAPI/ListLanguage',
  'DELETE /api/v1/language': 'LanguageAPI/DeleteLanguage',
  'POST /api/v1/navigation': 'NavigationAPI/CreateNavigation',
  'PUT /api/v1/navigation': 'NavigationAPI/UpdateNavigation',
  'DELETE /api/v1/navigation': 'NavigationAPI/DeleteNavigation',
  'GET /api/v1/navigation': 'NavigationAPI/GetNavigation',
  'GET /api/v1/navigation/list': 'NavigationAPI/ListNavigation',
  'PUT /api/v1/permission': 'PermissionAPI/UpdatePermission',
  'GET /api/v1/permission': 'PermissionAPI/GetPermission',
  'GET /api/v1/permission/list': 'PermissionAPI/ListPermission',
  'POST /api/v1/punishment': 'PunishmentAPI/CreatePunishment',
  'PUT /api/v1/punishment': 'PunishmentAPI/UpdatePunishment',
  'GET /api/v1/punishment': 'PunishmentAPI/GetPunishment',
  'GET /api/v1/punishment/list': 'PunishmentAPI/ListPunishment',
  'PUT /api/v1/punishment/cancel': 'PunishmentAPI/CancelPunishment',
  'POST /api/v1/report': 'ReportAPI/CreateReport',
  'PUT /api/v1/report': 'ReportAPI/UpdateReport',
  'DELETE /api/v1/report': 'ReportAPI/DeleteReport',
  'GET /api/v1/report/list': 'ReportAPI/ListReport',
  'DELETE /api/v1/searchrecord': 'SearchRecordAPI/DeleteSearchRecord',
  'GET /api/v1/searchrecord/list': 'SearchRecordAPI/ListSearchRecord',
  'POST /api/v1/user/register': 'UserAPI/Register',
  'POST /api/v1/user/login': 'UserAPI/Login',
  'DELETE /api/v1/user/logout': 'UserAPI/Logout',
  'GET /api/v1/user': 'UserAPI/GetUser',
  'PUT /api/v1/user/password': 'UserAPI/UpdateUserPassword',
  'PUT /api/v1/user/profile': 'UserAPI/UpdateUserProfile',
  'DELETE /api/v1/user': 'UserAPI/DeleteUser',
  'POST /api/v1/user': 'UserAPI/AddUser',
  'PUT /api/v1/user': 'UserAPI/SetUser',
  'GET /api/v1/user/list': 'UserAPI/ListUser',
  'GET /api/v1/user/captcha': 'UserAPI/GetUserCaptcha',
  'GET /api/v1/user/permission': 'UserAPI/GetUserPermissions',
  'GET /api/v1/user/caniuploaddocument': 'UserAPI/CanIUploadDocument',
  'GET /api/v1/user/canipublisharticle': 'UserAPI/CanIPublishArticle',
  'GET /api/v1/user/dynamic': 'UserAPI/ListUserDynamic',
  'PUT /api/v1/user/sign': 'UserAPI/SignToday',
  'GET /api/v1/user/sign': 'UserAPI/GetSignedToday',
  'GET /api/v1/user/download': 'UserAPI/ListUserDownload',
  'GET /api/v1/user/group': 'UserAPI/ListUserGroup',
  'POST /api/v1/user/findpassword/stepone': 'UserAPI/FindPasswordStepOne',
  'PUT /api/v1/user/findpassword/steptwo': 'UserAPI/FindPasswordStepTwo',
  'POST /api/v1/user/email/code': 'UserAPI/SendEmailCode',
};

/** The permission entry (method, path) a route is checked against and listed as. */
export function permissionEntry(r: Pick<RouteDef, 'method' | 'path' | 'root'>): { method: string; path: string } {
  const grpc = MOREDOC_GRPC_METHODS[routeKey(r)];
  if (grpc) return { method: GRPC_METHOD, path: `/${GRPC_PACKAGE}.${grpc}` };
  return { method: r.method, path: routeUrl(r) };
}

/** `GRPC /api.v1.DocumentAPI/ListDocument` or `METHOD /api/v1/path`: the key of a route's permission entry. */
export function permissionKey(r: Pick<RouteDef, 'method' | 'path' | 'root'>): string {
  const e = permissionEntry(r);
  return `${e.method} ${e.path}`;
}

/** The service a GRPC entry belongs to (`DocumentAPI` of `/api.v1.DocumentAPI/ListDocument`); '' for HTTP entries. */
export function grpcService(entry: { method: string; path: string }): string {
  if (entry.method.toUpperCase() !== GRPC_METHOD) return '';
  const m = /^\/api\.v1\.(\w+)\/\w+$/.exec(entry.path);
  return m ? m[1] : '';
}
