import { DOCUMENT_STATUS_OPTIONS, DocumentStatus, type RouteBody, type TDocument, type api } from '@wenku/contracts';

export interface DocumentFormValues {
  title: string;
  keywords?: string;
  description?: string;
  price?: number;
  language?: string;
  category_id?: number[];
  status: number;
}

export function documentFormInitial(d: TDocument): DocumentFormValues {
  return {
    title: d.title,
    keywords: d.keywords,
    description: d.description,
    price: d.price,
    language: d.language || undefined,
    category_id: d.category_id,
    status: d.status,
  };
}

/** PUT /document: the status is sent only when it changed (a change may queue a conversion). */
export function toUpdateDocumentBody(d: TDocument, v: DocumentFormValues): RouteBody<typeof api.updateDocument> {
  const body: RouteBody<typeof api.updateDocument> = {
    id: d.id,
    title: v.title.trim(),
    keywords: (v.keywords ?? '').trim(),
    description: (v.description ?? '').trim(),
    price: Math.max(0, Math.trunc(v.price ?? 0)),
  };
  if (v.language) body.language = v.language;
  if (v.category_id?.length) body.category_id = v.category_id;
  if (v.status !== d.status) body.status = v.status;
  return body;
}

/**
 * Statuses an administrator may pick in the edit form for a document now in `current`: the current one,
 * 已转换 only when it was converted (or disabled after converting), 已禁用, 重新转换, and the review
 * states for documents under review. 转换中 and 转换失败 are set by the converter only.
 */
export function editableStatuses(current: number): { value: number; label: string; disabled?: boolean }[] {
  const allowed = new Set<number>([current, DocumentStatus.Disabled, DocumentStatus.Reconvert]);
  if (current === DocumentStatus.Converted || current === DocumentStatus.Disabled) allowed.add(DocumentStatus.Converted);
  if (current === DocumentStatus.PendingReview || current === DocumentStatus.ReviewRejected) {
    allowed.add(DocumentStatus.PendingReview);
    allowed.add(DocumentStatus.ReviewRejected);
  }
  const settable = new Set<number>([0, 2, 4, 5, 6, 7]);
  return DOCUMENT_STATUS_OPTIONS.filter((o) => allowed.has(o.value)).map((o) => ({
    value: o.value,
    label: o.value === current ? `${o.label}（当前）` : o.label,
    disabled: !settable.has(o.value) && o.value !== current,
  }));
}

/** Documents waiting for a review decision (PUT /document/check only acts on these). */
export function isUnderReview(d: Pick<TDocument, 'status'>): boolean {
  return d.status === DocumentStatus.PendingReview || d.status === DocumentStatus.ReviewRejected;
}

/** Conversion can be retried unless the document is disabled or under review (the API skips those). */
export function canReconvert(d: Pick<TDocument, 'status'>): boolean {
  return !isUnderReview(d) && d.status !== DocumentStatus.Disabled;
}

export type ReviewDecision = 'approve' | 'reject';

/** PUT /document/check: approve = back to 待转换 (0), reject = 审核拒绝 (7) with the reason. */
export function toCheckBody(ids: number[], decision: ReviewDecision, reason?: string): RouteBody<typeof api.checkDocument> {
  return decision === 'approve' ? { id: ids, status: 0, reason: '' } : { id: ids, status: 7, reason: (reason ?? '').trim() };
}
