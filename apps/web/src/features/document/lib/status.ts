import { DocumentStatus } from '@wenku/contracts/enums';

/** What the document page shows for a conversion / review status (spec §4). */
export type DocumentView = 'ready' | 'converting' | 'failed' | 'disabled' | 'review' | 'rejected';

export function documentView(status: number): DocumentView {
  switch (status) {
    case DocumentStatus.Converted:
      return 'ready';
    case DocumentStatus.Pending:
    case DocumentStatus.Converting:
    case DocumentStatus.Reconvert:
      return 'converting';
    case DocumentStatus.Failed:
      return 'failed';
    case DocumentStatus.Disabled:
      return 'disabled';
    case DocumentStatus.PendingReview:
      return 'review';
    case DocumentStatus.ReviewRejected:
      return 'rejected';
    default:
      return 'failed';
  }
}

/** The page polls while the document waits for or is in conversion. */
export const CONVERT_POLL_MS = 5000;
export const isConverting = (status: number) => documentView(status) === 'converting';

/** Rejection reason from the server's convert_error ("审核未通过：原因"), without the prefix. */
export function rejectReason(convertError: string): string {
  return convertError.replace(/^审核未通过[：:]?\s*/, '').trim();
}

/** The price line of the download button. */
export function downloadLabel(price: number, free: boolean, creditName: string): string {
  if (price <= 0 || free) return '免费下载';
  return `下载（${price} ${creditName}）`;
}
