import { describe, expect, it } from 'vitest';
import type { TGroup } from '@wenku/contracts';
import { GROUP_FLAGS, groupFormInitial, toGroupBody } from './form-values';

const group: TGroup = {
  id: 2,
  title: '普通用户',
  color: '#1677ff',
  description: '注册用户',
  is_default: true,
  is_display: false,
  sort: 5,
  user_count: 3,
  enable_upload: true,
  enable_document_review: true,
  enable_comment: true,
  enable_comment_approval: false,
  enable_article: false,
  enable_article_approval: false,
  created_at: '2026-01-01T00:00:00Z',
};

describe('group form ↔ body', () => {
  it('labels all eight switches in Chinese', () => {
    expect(GROUP_FLAGS.map((f) => f.label)).toEqual([
      '允许上传文档',
      '上传需审核',
      '允许评论',
      '评论需审核',
      '允许发布文章',
      '文章需审核',
      '默认分组',
      '公开展示',
    ]);
  });

  it('round-trips a group through the form', () => {
    const v = groupFormInitial(group);
    expect(toGroupBody(v)).toEqual({
      title: '普通用户',
      color: '#1677ff',
      sort: 5,
      description: '注册用户',
      enable_upload: true,
      enable_document_review: true,
      enable_comment: true,
      enable_comment_approval: false,
      enable_article: false,
      enable_article_approval: false,
      is_default: true,
      is_display: false,
    });
  });

  it('starts a new group with the API defaults and trims the title', () => {
    const body = toGroupBody({ ...groupFormInitial(), title: ' 作者 ' });
    expect(body).toMatchObject({ title: '作者', enable_comment: true, enable_article: true, enable_upload: false, is_default: false });
  });
});
