import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdQuery, ZOk, zList, zInt4, INT4_MAX } from '../common/schemas';
import { ZLanguage } from '../config/schemas';
import * as S from './schemas';

const ZPageOnly = z.object({ page: zInt4.min(1).default(1), size: zInt4.min(1).max(100).default(20) });

/** Documents end to end (issue 4). Paths follow moredoc so its clients keep working. */
export const documentRoutes = {
  uploadDocument: defineRoute({ method: 'POST', path: '/upload/document', kind: 'multipart', auth: 'user', summary: '上传文档文件（multipart，字段 file）', response: S.ZUploadResult }),
  uploadAvatar: defineRoute({ method: 'POST', path: '/upload/avatar', kind: 'multipart', auth: 'user', summary: '上传头像（multipart，字段 file）', response: S.ZUploadResult }),
  uploadArticleImage: defineRoute({ method: 'POST', path: '/upload/article', kind: 'multipart', auth: 'user', summary: '上传文章图片（multipart，字段 file）', response: S.ZUploadResult }),
  uploadConfigImage: defineRoute({ method: 'POST', path: '/upload/config', kind: 'multipart', auth: 'admin', module: 'config', summary: '上传配置图片（multipart，字段 file）', response: S.ZUploadResult }),
  uploadCategoryCover: defineRoute({ method: 'POST', path: '/upload/category', kind: 'multipart', auth: 'admin', module: 'category', summary: '上传分类封面（multipart，字段 file）', response: S.ZUploadResult }),
  uploadBannerImage: defineRoute({ method: 'POST', path: '/upload/banner', kind: 'multipart', auth: 'admin', module: 'banner', summary: '上传横幅图片（multipart，字段 file）', response: S.ZUploadResult }),
  viewUploadedImage: defineRoute({ method: 'GET', path: '/uploads/*', root: true, kind: 'binary', produces: 'image/*', auth: 'public', summary: '上传的图片', params: z.object({ '*': z.string().max(200) }), response: z.unknown() }),
  checkDocumentHash: defineRoute({ method: 'POST', path: '/upload/document/check', auth: 'user', summary: '按哈希检查文件是否已存在（秒传）', body: S.ZCheckHashBody, response: S.ZCheckHashResult }),
  createDocuments: defineRoute({ method: 'POST', path: '/document', auth: 'user', summary: '提交上传的文档', body: S.ZCreateDocumentsBody, response: z.object({ document: z.array(S.ZDocument) }) }),
  updateDocument: defineRoute({ method: 'PUT', path: '/document', auth: 'user', permission: true, module: 'document', summary: '修改文档', body: S.ZUpdateDocumentBody, response: S.ZDocument }),
  deleteDocument: defineRoute({ method: 'DELETE', path: '/document', auth: 'user', permission: true, module: 'document', summary: '删除文档（进入回收站）', query: S.ZIdArrayQuery, response: ZOk }),
  getDocument: defineRoute({ method: 'GET', path: '/document', auth: 'public', permission: true, module: 'document', summary: '文档详情', query: S.ZGetDocumentQuery, response: S.ZDocumentDetail }),
  listDocuments: defineRoute({ method: 'GET', path: '/document/list', auth: 'public', permission: true, list: true, module: 'document', summary: '文档列表', query: S.ZListDocumentsQuery, response: S.ZDocumentList }),
  homeDocuments: defineRoute({ method: 'GET', path: '/document/home', auth: 'public', summary: '首页文档', query: S.ZHomeDocumentsQuery, response: S.ZHomeDocuments }),
  relatedDocuments: defineRoute({ method: 'GET', path: '/document/related', auth: 'public', summary: '相关文档', query: ZIdQuery, response: z.object({ document: z.array(S.ZDocument) }) }),
  downloadDocument: defineRoute({ method: 'GET', path: '/document/download', auth: 'public', summary: '获取下载链接', query: ZIdQuery, response: S.ZDownloadResult }),
  downloadReviewDocument: defineRoute({ method: 'GET', path: '/document/download/bereviewed', auth: 'admin', module: 'document', summary: '下载待审核文档', query: ZIdQuery, response: S.ZDownloadResult }),
  setDocumentScore: defineRoute({ method: 'POST', path: '/document/score', auth: 'user', summary: '文档评分', body: S.ZScoreBody, response: ZOk }),
  getDocumentScore: defineRoute({ method: 'GET', path: '/document/score', auth: 'user', summary: '我的评分', query: z.object({ document_id: zInt4.positive() }), response: S.ZMyScore }),
  setDocumentRecommend: defineRoute({ method: 'PUT', path: '/document/recommend', auth: 'admin', module: 'document', summary: '推荐文档', body: S.ZSetRecommendBody, response: ZOk }),
  checkDocument: defineRoute({ method: 'PUT', path: '/document/check', auth: 'admin', module: 'document', summary: '审核文档', body: S.ZCheckDocumentBody, response: ZOk }),
  reconvertDocuments: defineRoute({ method: 'PUT', path: '/document/reconvert', auth: 'admin', module: 'document', summary: '重新转换（不传 id 为全部失败文档）', body: S.ZReconvertBody, response: z.object({ ok: z.boolean(), count: z.number().int() }) }),
  setDocumentsCategory: defineRoute({ method: 'PUT', path: '/document/category', auth: 'admin', module: 'document', summary: '批量设置分类', body: S.ZSetDocumentsCategoryBody, response: ZOk }),
  setDocumentsLanguage: defineRoute({ method: 'PUT', path: '/document/language', auth: 'admin', module: 'document', summary: '批量设置语言', body: S.ZSetDocumentsLanguageBody, response: ZOk }),

  listRecycleDocuments: defineRoute({ method: 'GET', path: '/document/recycle', auth: 'admin', list: true, module: 'recycle', summary: '文档回收站', query: S.ZListDocumentsQuery, response: S.ZDocumentList }),
  restoreRecycleDocuments: defineRoute({ method: 'PUT', path: '/document/recycle', auth: 'admin', module: 'recycle', summary: '恢复文档', body: z.object({ id: z.array(z.number().int().positive().max(INT4_MAX)).min(1) }), response: ZOk }),
  deleteRecycleDocuments: defineRoute({ method: 'DELETE', path: '/document/recycle', auth: 'admin', module: 'recycle', summary: '彻底删除文档', query: S.ZIdArrayQuery, response: ZOk }),
  emptyRecycleDocuments: defineRoute({ method: 'DELETE', path: '/document/recycle/all', auth: 'admin', module: 'recycle', summary: '清空回收站', response: ZOk }),

  createFavorite: defineRoute({ method: 'POST', path: '/favorite', auth: 'user', summary: '收藏', body: S.ZFavoriteBody, response: S.ZFavorite }),
  deleteFavorite: defineRoute({ method: 'DELETE', path: '/favorite', auth: 'user', summary: '取消收藏', query: S.ZIdArrayQuery, response: ZOk }),
  getFavorite: defineRoute({ method: 'GET', path: '/favorite', auth: 'user', summary: '是否已收藏', query: S.ZFavoriteQuery, response: z.object({ favorite: S.ZFavorite.nullable() }) }),
  listFavorites: defineRoute({ method: 'GET', path: '/favorite/list', auth: 'public', summary: '收藏列表（不传 user_id 为自己）', query: S.ZListFavoritesQuery, response: zList('favorite', S.ZFavorite) }),

  createComment: defineRoute({ method: 'POST', path: '/comment', auth: 'user', summary: '发表评论', body: S.ZCreateCommentBody, response: S.ZComment }),
  deleteComment: defineRoute({ method: 'DELETE', path: '/comment', auth: 'user', permission: true, module: 'comment', summary: '删除评论', query: S.ZIdArrayQuery, response: ZOk }),
  listComments: defineRoute({ method: 'GET', path: '/comment/list', auth: 'public', permission: true, list: true, module: 'comment', summary: '评论列表', query: S.ZListCommentsQuery, response: zList('comment', S.ZComment) }),
  checkComment: defineRoute({ method: 'POST', path: '/comment/check', auth: 'admin', module: 'comment', summary: '审核评论', body: S.ZCheckCommentBody, response: ZOk }),

  createReport: defineRoute({ method: 'POST', path: '/report', auth: 'user', summary: '举报文档', body: S.ZCreateReportBody, response: ZOk }),
  updateReport: defineRoute({ method: 'PUT', path: '/report', auth: 'admin', module: 'report', summary: '处理举报', body: S.ZUpdateReportBody, response: S.ZReport }),
  deleteReport: defineRoute({ method: 'DELETE', path: '/report', auth: 'admin', module: 'report', summary: '删除举报', query: S.ZIdArrayQuery, response: ZOk }),
  listReports: defineRoute({ method: 'GET', path: '/report/list', auth: 'admin', list: true, module: 'report', summary: '举报列表', query: S.ZListReportsQuery, response: zList('report', S.ZReport) }),

  listMyDownloads: defineRoute({ method: 'GET', path: '/user/download', auth: 'user', summary: '我的下载', query: ZPageOnly, response: zList('download', S.ZDownloadRecord) }),

  listAttachments: defineRoute({ method: 'GET', path: '/attachment/list', auth: 'admin', list: true, module: 'attachment', summary: '附件列表', query: S.ZListAttachmentsQuery, response: zList('attachment', S.ZAttachment) }),
  getAttachment: defineRoute({ method: 'GET', path: '/attachment', auth: 'admin', module: 'attachment', summary: '附件详情', query: ZIdQuery, response: S.ZAttachment }),
  updateAttachment: defineRoute({ method: 'PUT', path: '/attachment', auth: 'admin', module: 'attachment', summary: '修改附件（禁用即封禁该文件哈希）', body: S.ZUpdateAttachmentBody, response: S.ZAttachment }),
  deleteAttachment: defineRoute({ method: 'DELETE', path: '/attachment', auth: 'admin', module: 'attachment', summary: '删除附件', query: S.ZIdArrayQuery, response: ZOk }),

  listLanguages: defineRoute({ method: 'GET', path: '/language/list', auth: 'public', permission: true, list: true, module: 'language', summary: '语言列表', query: z.object({ enable: z.string().optional() }), response: zList('language', ZLanguage) }),
  createLanguage: defineRoute({ method: 'POST', path: '/language', auth: 'admin', module: 'language', summary: '新增语言', body: S.ZLanguageBody, response: ZLanguage }),
  updateLanguage: defineRoute({ method: 'PUT', path: '/language', auth: 'admin', module: 'language', summary: '修改语言', body: S.ZUpdateLanguageBody, response: ZLanguage }),
  setLanguageStatus: defineRoute({ method: 'PUT', path: '/language/status', auth: 'admin', module: 'language', summary: '启用或停用语言', body: S.ZLanguageStatusBody, response: ZOk }),
  deleteLanguage: defineRoute({ method: 'DELETE', path: '/language', auth: 'admin', module: 'language', summary: '删除语言', query: S.ZIdArrayQuery, response: ZOk }),

  viewPage: defineRoute({ method: 'GET', path: '/view/page/:uuid/:file', root: true, kind: 'binary', produces: 'image/svg+xml', auth: 'public', summary: '文档页面图片（{页码}.svg 或 {页码}.gzip.svg）', params: z.object({ uuid: z.string().max(64), file: z.string().max(32) }), response: z.unknown() }),
  viewCover: defineRoute({ method: 'GET', path: '/view/cover/:uuid', root: true, kind: 'binary', produces: 'image/png', auth: 'public', summary: '文档封面', params: z.object({ uuid: z.string().max(64) }), response: z.unknown() }),
  downloadFile: defineRoute({ method: 'GET', path: '/download/:token', root: true, kind: 'binary', produces: 'application/octet-stream', auth: 'public', summary: '按签名链接下载文档原文件', params: z.object({ token: z.string().max(1000) }), response: z.unknown() }),

  getEnvs: defineRoute({ method: 'GET', path: '/envs', auth: 'admin', module: 'config', summary: '转换引擎与依赖检测', response: z.object({ envs: z.array(S.ZEnv) }) }),
};

/** Multipart image uploads (field `file`): avatar for the user, others for administrators; answer ZUploadResult. */
export const UPLOAD_IMAGE_ROUTES = {
  avatar: documentRoutes.uploadAvatar, config: documentRoutes.uploadConfigImage, category: documentRoutes.uploadCategoryCover,
  banner: documentRoutes.uploadBannerImage, article: documentRoutes.uploadArticleImage,
} as const;
export const UPLOAD_IMAGE_PATHS = { avatar: '/upload/avatar', config: '/upload/config', category: '/upload/category', banner: '/upload/banner', article: '/upload/article' } as const;
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'ico'] as const;

/** Multipart upload of a document file (field `file`); answers ZUploadResult. */
export const UPLOAD_DOCUMENT_PATH = '/upload/document';
/** Page images: `/view/page/{document uuid}/{page}.svg` or `.gzip.svg`; covers: `/view/cover/{uuid}`. */
export const pageImageUrl = (uuid: string, page: number, gzip = true) => `/view/page/${uuid}/${page}${gzip ? '.gzip.svg' : '.svg'}`;
export const coverUrl = (uuid: string) => `/view/cover/${uuid}`;
