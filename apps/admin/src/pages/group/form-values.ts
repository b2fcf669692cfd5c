import type { RouteBody, TGroup, api } from '@wenku/contracts';

/** The group's switches with their Chinese labels, in the order the form shows them. */
export const GROUP_FLAGS = [
  { name: 'enable_upload', label: '允许上传文档', short: '上传' },
  { name: 'enable_document_review', label: '上传需审核', short: '上传审核' },
  { name: 'enable_comment', label: '允许评论', short: '评论' },
  { name: 'enable_comment_approval', label: '评论需审核', short: '评论审核' },
  { name: 'enable_article', label: '允许发布文章', short: '文章' },
  { name: 'enable_article_approval', label: '文章需审核', short: '文章审核' },
  { name: 'is_default', label: '默认分组', short: '默认' },
  { name: 'is_display', label: '公开展示', short: '公开' },
] as const;

export type GroupFlag = (typeof GROUP_FLAGS)[number]['name'];

export type GroupFormValues = { title: string; color: string; sort: number; description: string } & Record<GroupFlag, boolean>;

export function groupFormInitial(record?: TGroup): GroupFormValues {
  if (!record) {
    return {
      title: '',
      color: '',
      sort: 0,
      description: '',
      enable_upload: false,
      enable_document_review: false,
      enable_comment: true,
      enable_comment_approval: false,
      enable_article: true,
      enable_article_approval: false,
      is_default: false,
      is_display: false,
    };
  }
  const flags = Object.fromEntries(GROUP_FLAGS.map((f) => [f.name, !!record[f.name]])) as Record<GroupFlag, boolean>;
  return { title: record.title, color: record.color, sort: record.sort, description: record.description, ...flags };
}

export function toGroupBody(v: GroupFormValues): RouteBody<typeof api.createGroup> {
  const flags = Object.fromEntries(GROUP_FLAGS.map((f) => [f.name, !!v[f.name]])) as Record<GroupFlag, boolean>;
  return { title: v.title.trim(), color: v.color ?? '', sort: Math.trunc(v.sort ?? 0), description: v.description ?? '', ...flags };
}

/** The super administrator group: holds every permission, cannot be deleted or re-permissioned. */
export const SUPER_GROUP_ID = 1;
