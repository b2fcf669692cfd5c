-- Hand-written (issue 17, no schema change): moredoc's permission model (spec §6). The entries of the operations moredoc
-- serves over gRPC become method GRPC with the gRPC full method name as path (`GET /api/v1/document/list` →
-- `GRPC /api.v1.DocumentAPI/ListDocument`); the others (uploads, VIP, orders, AI, …) keep their HTTP entries.
-- Rows are converted in place, so their ids and every group's grants (group_permissions) stay as they are. Should a
-- GRPC twin already exist, the old row's grants move to it and the old row goes. The mapping is the one of
-- packages/contracts/src/permission.ts (MOREDOC_GRPC_METHODS) at the time of writing; the seed keeps titles current.
CREATE TEMP TABLE "permission_grpc_map" ("old_method" varchar(16) NOT NULL, "old_path" varchar(255) NOT NULL, "new_path" varchar(255) NOT NULL);
--> statement-breakpoint
INSERT INTO "permission_grpc_map" ("old_method", "old_path", "new_path") VALUES
  ('GET', '/api/v1/stats', '/api.v1.ConfigAPI/GetStats'),
  ('GET', '/api/v1/device', '/api.v1.ConfigAPI/GetDeviceInfo'),
  ('GET', '/api/v1/release', '/api.v1.ConfigAPI/GetLatestRelease'),
  ('POST', '/api/v1/release', '/api.v1.ConfigAPI/RefreshLatestRelease'),
  ('PUT', '/api/v1/release/ignore', '/api.v1.ConfigAPI/IgnoreRelease'),
  ('PUT', '/api/v1/release/source', '/api.v1.ConfigAPI/SetReleaseSource'),
  ('PUT', '/api/v1/sqlmode', '/api.v1.ConfigAPI/SetSQLMode'),
  ('GET', '/api/v1/user/list', '/api.v1.UserAPI/ListUser'),
  ('GET', '/api/v1/group/list', '/api.v1.GroupAPI/ListGroup'),
  ('GET', '/api/v1/permission/list', '/api.v1.PermissionAPI/ListPermission'),
  ('GET', '/api/v1/config/list', '/api.v1.ConfigAPI/ListConfig'),
  ('PUT', '/api/v1/config', '/api.v1.ConfigAPI/UpdateConfig'),
  ('POST', '/api/v1/category', '/api.v1.CategoryAPI/CreateCategory'),
  ('PUT', '/api/v1/category', '/api.v1.CategoryAPI/UpdateCategory'),
  ('DELETE', '/api/v1/category', '/api.v1.CategoryAPI/DeleteCategory'),
  ('GET', '/api/v1/category', '/api.v1.CategoryAPI/GetCategory'),
  ('GET', '/api/v1/category/list', '/api.v1.CategoryAPI/ListCategory'),
  ('POST', '/api/v1/navigation', '/api.v1.NavigationAPI/CreateNavigation'),
  ('PUT', '/api/v1/navigation', '/api.v1.NavigationAPI/UpdateNavigation'),
  ('DELETE', '/api/v1/navigation', '/api.v1.NavigationAPI/DeleteNavigation'),
  ('GET', '/api/v1/navigation', '/api.v1.NavigationAPI/GetNavigation'),
  ('GET', '/api/v1/navigation/list', '/api.v1.NavigationAPI/ListNavigation'),
  ('POST', '/api/v1/friendlink', '/api.v1.FriendlinkAPI/CreateFriendlink'),
  ('PUT', '/api/v1/friendlink', '/api.v1.FriendlinkAPI/UpdateFriendlink'),
  ('DELETE', '/api/v1/friendlink', '/api.v1.FriendlinkAPI/DeleteFriendlink'),
  ('GET', '/api/v1/friendlink', '/api.v1.FriendlinkAPI/GetFriendlink'),
  ('GET', '/api/v1/friendlink/list', '/api.v1.FriendlinkAPI/ListFriendlink'),
  ('POST', '/api/v1/advertisement', '/api.v1.AdvertisementAPI/CreateAdvertisement'),
  ('PUT', '/api/v1/advertisement', '/api.v1.AdvertisementAPI/UpdateAdvertisement'),
  ('DELETE', '/api/v1/advertisement', '/api.v1.AdvertisementAPI/DeleteAdvertisement'),
  ('GET', '/api/v1/advertisement', '/api.v1.AdvertisementAPI/GetAdvertisement'),
  ('GET', '/api/v1/advertisement/list', '/api.v1.AdvertisementAPI/ListAdvertisement'),
  ('PUT', '/api/v1/user/profile', '/api.v1.UserAPI/UpdateUserProfile'),
  ('PUT', '/api/v1/user/password', '/api.v1.UserAPI/UpdateUserPassword'),
  ('POST', '/api/v1/user', '/api.v1.UserAPI/AddUser'),
  ('PUT', '/api/v1/user', '/api.v1.UserAPI/SetUser'),
  ('DELETE', '/api/v1/user', '/api.v1.UserAPI/DeleteUser'),
  ('POST', '/api/v1/group', '/api.v1.GroupAPI/CreateGroup'),
  ('PUT', '/api/v1/group', '/api.v1.GroupAPI/UpdateGroup'),
  ('DELETE', '/api/v1/group', '/api.v1.GroupAPI/DeleteGroup'),
  ('GET', '/api/v1/group', '/api.v1.GroupAPI/GetGroup'),
  ('GET', '/api/v1/group/permission', '/api.v1.GroupAPI/GetGroupPermission'),
  ('PUT', '/api/v1/group/permission', '/api.v1.GroupAPI/UpdateGroupPermission'),
  ('GET', '/api/v1/permission', '/api.v1.PermissionAPI/GetPermission'),
  ('PUT', '/api/v1/permission', '/api.v1.PermissionAPI/UpdatePermission'),
  ('POST', '/api/v1/punishment', '/api.v1.PunishmentAPI/CreatePunishment'),
  ('PUT', '/api/v1/punishment', '/api.v1.PunishmentAPI/UpdatePunishment'),
  ('GET', '/api/v1/punishment', '/api.v1.PunishmentAPI/GetPunishment'),
  ('GET', '/api/v1/punishment/list', '/api.v1.PunishmentAPI/ListPunishment'),
  ('PUT', '/api/v1/punishment/cancel', '/api.v1.PunishmentAPI/CancelPunishment'),
  ('PUT', '/api/v1/document', '/api.v1.DocumentAPI/UpdateDocument'),
  ('DELETE', '/api/v1/document', '/api.v1.DocumentAPI/DeleteDocument'),
  ('GET', '/api/v1/document', '/api.v1.DocumentAPI/GetDocument'),
  ('GET', '/api/v1/document/list', '/api.v1.DocumentAPI/ListDocument'),
  ('GET', '/api/v1/document/download/bereviewed', '/api.v1.DocumentAPI/DownloadDocumentToBeReviewed'),
  ('PUT', '/api/v1/document/recommend', '/api.v1.DocumentAPI/SetDocumentRecommend'),
  ('PUT', '/api/v1/document/check', '/api.v1.DocumentAPI/CheckDocument'),
  ('PUT', '/api/v1/document/reconvert', '/api.v1.DocumentAPI/SetDocumentReconvert'),
  ('PUT', '/api/v1/document/category', '/api.v1.DocumentAPI/SetDocumentsCategory'),
  ('PUT', '/api/v1/document/language', '/api.v1.DocumentAPI/SetDocumentsLanguage'),
  ('GET', '/api/v1/document/recycle', '/api.v1.RecycleAPI/ListRecycleDocument'),
  ('PUT', '/api/v1/document/recycle', '/api.v1.RecycleAPI/RecoverRecycleDocument'),
  ('DELETE', '/api/v1/document/recycle', '/api.v1.RecycleAPI/DeleteRecycleDocument'),
  ('DELETE', '/api/v1/document/recycle/all', '/api.v1.RecycleAPI/ClearRecycleDocument'),
  ('DELETE', '/api/v1/comment', '/api.v1.CommentAPI/DeleteComment'),
  ('GET', '/api/v1/comment/list', '/api.v1.CommentAPI/ListComment'),
  ('GET', '/api/v1/comment', '/api.v1.CommentAPI/GetComment'),
  ('PUT', '/api/v1/comment', '/api.v1.CommentAPI/UpdateComment'),
  ('POST', '/api/v1/comment/check', '/api.v1.CommentAPI/CheckComment'),
  ('PUT', '/api/v1/report', '/api.v1.ReportAPI/UpdateReport'),
  ('DELETE', '/api/v1/report', '/api.v1.ReportAPI/DeleteReport'),
  ('GET', '/api/v1/report/list', '/api.v1.ReportAPI/ListReport'),
  ('GET', '/api/v1/attachment/list', '/api.v1.AttachmentAPI/ListAttachment'),
  ('GET', '/api/v1/attachment', '/api.v1.AttachmentAPI/GetAttachment'),
  ('PUT', '/api/v1/attachment', '/api.v1.AttachmentAPI/UpdateAttachment'),
  ('DELETE', '/api/v1/attachment', '/api.v1.AttachmentAPI/DeleteAttachment'),
  ('GET', '/api/v1/language/list', '/api.v1.LanguageAPI/ListLanguage'),
  ('POST', '/api/v1/language', '/api.v1.LanguageAPI/CreateLanguage'),
  ('PUT', '/api/v1/language', '/api.v1.LanguageAPI/UpdateLanguage'),
  ('PUT', '/api/v1/language/status', '/api.v1.LanguageAPI/UpdateLanguageStatus'),
  ('DELETE', '/api/v1/language', '/api.v1.LanguageAPI/DeleteLanguage'),
  ('GET', '/api/v1/envs', '/api.v1.ConfigAPI/GetEnvs'),
  ('GET', '/api/v1/searchrecord/list', '/api.v1.SearchRecordAPI/ListSearchRecord'),
  ('DELETE', '/api/v1/searchrecord', '/api.v1.SearchRecordAPI/DeleteSearchRecord'),
  ('POST', '/api/v1/article', '/api.v1.ArticleAPI/CreateArticle'),
  ('PUT', '/api/v1/article', '/api.v1.ArticleAPI/UpdateArticle'),
  ('DELETE', '/api/v1/article', '/api.v1.ArticleAPI/DeleteArticle'),
  ('GET', '/api/v1/article', '/api.v1.ArticleAPI/GetArticle'),
  ('GET', '/api/v1/article/list', '/api.v1.ArticleAPI/ListArticle'),
  ('PUT', '/api/v1/article/category', '/api.v1.ArticleAPI/SetArticlesCategory'),
  ('PUT', '/api/v1/article/recommend', '/api.v1.ArticleAPI/RecommendArticles'),
  ('PUT', '/api/v1/article/check', '/api.v1.ArticleAPI/CheckArticles'),
  ('GET', '/api/v1/article/recycle/list', '/api.v1.ArticleAPI/ListRecycleArticle'),
  ('POST', '/api/v1/article/recycle/restore', '/api.v1.ArticleAPI/RestoreRecycleArticle'),
  ('DELETE', '/api/v1/article/recycle', '/api.v1.ArticleAPI/DeleteRecycleArticle'),
  ('DELETE', '/api/v1/article/recycle/empty', '/api.v1.ArticleAPI/EmptyRecycleArticle'),
  ('POST', '/api/v1/banner', '/api.v1.BannerAPI/CreateBanner'),
  ('PUT', '/api/v1/banner', '/api.v1.BannerAPI/UpdateBanner'),
  ('DELETE', '/api/v1/banner', '/api.v1.BannerAPI/DeleteBanner'),
  ('GET', '/api/v1/banner', '/api.v1.BannerAPI/GetBanner'),
  ('GET', '/api/v1/banner/list', '/api.v1.BannerAPI/ListBanner'),
  ('PUT', '/api/v1/sitemap', '/api.v1.ConfigAPI/UpdateSitemap');
--> statement-breakpoint
UPDATE "permissions" AS p SET "method" = 'GRPC', "path" = m."new_path"
FROM "permission_grpc_map" AS m
WHERE p."method" = m."old_method" AND p."path" = m."old_path"
  AND NOT EXISTS (SELECT 1 FROM "permissions" AS q WHERE q."method" = 'GRPC' AND q."path" = m."new_path");
--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
SELECT gp."group_id", q."id"
FROM "group_permissions" AS gp
JOIN "permissions" AS p ON p."id" = gp."permission_id"
JOIN "permission_grpc_map" AS m ON p."method" = m."old_method" AND p."path" = m."old_path"
JOIN "permissions" AS q ON q."method" = 'GRPC' AND q."path" = m."new_path"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "permissions" AS p USING "permission_grpc_map" AS m WHERE p."method" = m."old_method" AND p."path" = m."old_path";
--> statement-breakpoint
DROP TABLE "permission_grpc_map";
