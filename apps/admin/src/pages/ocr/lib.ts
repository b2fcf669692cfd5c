import { OcrStatus, type TOcrDocument } from '@wenku/contracts';

/** Something on the page is still moving (the list polls while it is). */
export const isBusy = (rows: readonly Pick<TOcrDocument, 'status'>[]) => rows.some((r) => r.status === OcrStatus.Pending || r.status === OcrStatus.Recognising);

/** `done/total` pages, or a word when there is nothing to count. */
export function progressText(r: Pick<TOcrDocument, 'status' | 'pages_done' | 'pages_total'>): string {
  if (r.status === null) return '—';
  if (r.pages_total === 0) return r.status === OcrStatus.Success ? '无需识别' : r.status === OcrStatus.Failed ? '—' : '准备中';
  return `${r.pages_done}/${r.pages_total} 页`;
}

export function progressPercent(r: Pick<TOcrDocument, 'pages_done' | 'pages_total'>): number {
  if (!(r.pages_total > 0)) return 0;
  return Math.min(100, Math.floor((r.pages_done / r.pages_total) * 100));
}
