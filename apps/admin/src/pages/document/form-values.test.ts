import { describe, expect, it } from 'vitest';
import type { TDocument } from '@wenku/contracts';
import { canReconvert, documentFormInitial, editableStatuses, isUnderReview, toCheckBody, toUpdateDocumentBody } from './form-values';

const doc = {
  id: 11,
  uuid: 'abc',
  title: '高等数学',
  keywords: '数学',
  description: '教材',
  user_id: 2,
  ext: 'pdf',
  size: 1024,
  pages: 3,
  preview: 3,
  width: 0,
  height: 0,
  price: 5,
  status: 2,
  language: 'zh-cn',
  download_count: 0,
  view_count: 0,
  favorite_count: 0,
  comment_count: 0,
  score: 0,
  score_count: 0,
  is_recommend: false,
  enable_gzip: true,
  convert_error: '',
  category_id: [3],
  cover: '',
  created_at: '',
  updated_at: '',
} as TDocument;

describe('document form ↔ body', () => {
  it('sends the edited fields and leaves an unchanged status out', () => {
    const v = documentFormInitial(doc);
    expect(toUpdateDocumentBody(doc, { ...v, title: ' 高数 ', price: 3.9 })).toEqual({
      id: 11,
      title: '高数',
      keywords: '数学',
      description: '教材',
      price: 3,
      language: 'zh-cn',
      category_id: [3],
    });
  });

  it('sends a changed status and skips empty categories', () => {
    const body = toUpdateDocumentBody(doc, { ...documentFormInitial(doc), status: 4, category_id: [] });
    expect(body.status).toBe(4);
    expect(body).not.toHaveProperty('category_id');
  });

  it('offers only sensible statuses', () => {
    const values = (s: number) => editableStatuses(s).map((o) => o.value);
    expect(values(2)).toEqual([2, 4, 5]);
    expect(values(3)).toEqual([3, 4, 5]);
    expect(editableStatuses(3).find((o) => o.value === 3)).toMatchObject({ label: '转换失败（当前）', disabled: false });
    expect(values(4)).toEqual([2, 4, 5]);
    expect(values(6)).toEqual([4, 5, 6, 7]);
  });

  it('knows review and reconvert eligibility, and maps review decisions', () => {
    expect(isUnderReview({ status: 6 })).toBe(true);
    expect(isUnderReview({ status: 2 })).toBe(false);
    expect(canReconvert({ status: 3 })).toBe(true);
    expect(canReconvert({ status: 4 })).toBe(false);
    expect(canReconvert({ status: 7 })).toBe(false);
    expect(toCheckBody([1, 2], 'approve', 'x')).toEqual({ id: [1, 2], status: 0, reason: '' });
    expect(toCheckBody([1], 'reject', ' 内容违规 ')).toEqual({ id: [1], status: 7, reason: '内容违规' });
  });
});
