import { useState } from 'react';
import { App } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, RouteQuery } from '@wenku/contracts/paths';
import { api, apiClient, errorMessage } from '../../lib/api';
import { useSession } from '../../app/session';

export type ListArticlesQuery = RouteQuery<typeof api.listArticles>;
export type ArticleBody = RouteBody<typeof api.createArticle>;

export const articleKeys = {
  all: ['article'] as const,
  list: (q: ListArticlesQuery, token: string) => ['article', 'list', q, token] as const,
  detail: (key: string, token: string) => ['article', 'detail', key, token] as const,
  related: (id: number) => ['article', 'related', id] as const,
  comments: (id: number, page: number, token: string) => ['article', 'comments', id, page, token] as const,
};

/** `/article/{id}` takes an id or an identifier. */
function articleRef(key: string): { id?: number; identifier?: string } {
  return /^\d+$/.test(key) ? { id: Number(key) } : { identifier: key };
}

export function useArticleList(query: ListArticlesQuery, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: articleKeys.list(query, token),
    queryFn: ({ signal }) => apiClient.call(api.listArticles, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The article page: counts a view once per visit. */
export function useArticleDetail(key: string, countView = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: articleKeys.detail(key, token),
    queryFn: ({ signal }) => apiClient.call(api.getArticle, { query: { ...articleRef(key), with_view: countView }, signal }),
    enabled: key !== '',
    staleTime: 60_000,
    retry: (n, e) => n < 2 && !(e && typeof e === 'object' && 'status' in e && (e as { status: number }).status < 500),
  });
}

export function useRelatedArticles(id: number | undefined) {
  return useQuery({
    queryKey: articleKeys.related(id ?? 0),
    queryFn: ({ signal }) => apiClient.call(api.relatedArticles, { query: { id: id! }, signal }).then((r) => r.article),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
}

export const ARTICLE_COMMENT_SIZE = 10;
export function useArticleComments(id: number, page: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: articleKeys.comments(id, page, token),
    queryFn: ({ signal }) => apiClient.call(api.listComments, { query: { document_id: id, type: [1], page, size: ARTICLE_COMMENT_SIZE }, signal }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSaveArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; body: ArticleBody }) =>
      v.id ? apiClient.call(api.updateArticle, { body: { id: v.id, ...v.body } }) : apiClient.call(api.createArticle, { body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export function useDeleteArticles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiClient.call(api.deleteArticle, { query: { id: ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

/** Markdown → .docx download (POST /markdown2docx), saved as document.docx. */
async function exportDocx(markdown: string, title?: string): Promise<void> {
  const blob = await apiClient.blob(api.markdownToDocx, { body: { markdown, title } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'document.docx';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 导出 Word: an article (its title as the heading, when it has one) as a .docx download, with its outcome as a message. */
export function useExportDocx() {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async (title: string | undefined, content: string) => {
    setExporting(true);
    try {
      await exportDocx(title ? `# ${title}\n\n${content}` : content, title);
      message.success('导出成功');
    } catch (e) {
      message.error(errorMessage(e, '导出失败'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportDocx: run };
}
