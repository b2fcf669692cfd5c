import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZOk } from '../common/schemas';
import { ZIdArrayQuery } from '../document/schemas';
import * as S from './schemas';

/** Articles (issue 6). Paths follow moredoc's ArticleAPI. */
export const articleRoutes = {
  createArticle: defineRoute({ method: 'POST', path: '/article', auth: 'user', permission: true, module: 'article', summary: '发布文章', body: S.ZCreateArticleBody, response: S.ZArticle }),
  updateArticle: defineRoute({ method: 'PUT', path: '/article', auth: 'user', permission: true, module: 'article', summary: '修改文章', body: S.ZUpdateArticleBody, response: S.ZArticle }),
  deleteArticle: defineRoute({ method: 'DELETE', path: '/article', auth: 'user', permission: true, module: 'article', summary: '删除文章（进入回收站）', query: ZIdArrayQuery, response: ZOk }),
  getArticle: defineRoute({ method: 'GET', path: '/article', auth: 'public', permission: true, module: 'article', summary: '文章详情（按 id 或标识）', query: S.ZGetArticleQuery, response: S.ZArticleDetail }),
  listArticles: defineRoute({ method: 'GET', path: '/article/list', auth: 'public', permission: true, list: true, module: 'article', summary: '文章列表', query: S.ZListArticlesQuery, response: S.ZArticleList }),
  setArticlesCategory: defineRoute({ method: 'PUT', path: '/article/category', auth: 'admin', module: 'article', summary: '批量设置文章分类', body: S.ZSetArticlesCategoryBody, response: ZOk }),
  recommendArticles: defineRoute({ method: 'PUT', path: '/article/recommend', auth: 'admin', module: 'article', summary: '推荐文章', body: S.ZRecommendArticlesBody, response: ZOk }),
  checkArticles: defineRoute({ method: 'PUT', path: '/article/check', auth: 'admin', module: 'article', summary: '审核文章', body: S.ZCheckArticlesBody, response: ZOk }),
  listRecycleArticles: defineRoute({ method: 'GET', path: '/article/recycle/list', auth: 'admin', module: 'article', summary: '文章回收站', query: S.ZListArticlesQuery, response: S.ZArticleList }),
  restoreRecycleArticles: defineRoute({ method: 'POST', path: '/article/recycle/restore', auth: 'admin', module: 'article', summary: '恢复文章', body: S.ZArticleIdsBody, response: ZOk }),
  deleteRecycleArticles: defineRoute({ method: 'DELETE', path: '/article/recycle', auth: 'admin', module: 'article', summary: '彻底删除文章', query: ZIdArrayQuery, response: ZOk }),
  emptyRecycleArticles: defineRoute({ method: 'DELETE', path: '/article/recycle/empty', auth: 'admin', module: 'article', summary: '清空文章回收站', response: ZOk }),
  relatedArticles: defineRoute({ method: 'GET', path: '/article/related', auth: 'public', summary: '相关文章', query: S.ZRelatedArticlesQuery, response: z.object({ article: z.array(S.ZArticle) }) }),
  searchArticles: defineRoute({ method: 'GET', path: '/article/search', auth: 'public', summary: '搜索文章（中文分词全文检索）', query: S.ZSearchArticlesQuery, response: S.ZSearchArticlesResult }),
  /** answers a .docx file (binary), not JSON: call it with the client's `blob` */
  markdownToDocx: defineRoute({ method: 'POST', path: '/markdown2docx', kind: 'binary', produces: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', auth: 'user', summary: 'Markdown 导出为 Word 文档', body: S.ZMarkdownToDocxBody, response: z.custom<Uint8Array>(() => true) }),
};
