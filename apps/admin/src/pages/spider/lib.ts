import { SpiderDocumentStatus, SpiderUrlStatus, type TSpiderDocument, type TSpiderUrl } from '@wenku/contracts';

/** The start URLs of the textarea: one per line, blank lines and duplicates dropped. */
export function splitUrls(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}

/** The first line that is not an http(s) URL (what the form says before sending), or undefined. */
export function firstBadUrl(urls: string[]): string | undefined {
  return urls.find((u) => {
    try {
      const p = new URL(u).protocol;
      return p !== 'http:' && p !== 'https:';
    } catch {
      return true;
    }
  });
}

/** Something is still moving: the list is read again every few seconds. */
export const urlsBusy = (rows: readonly TSpiderUrl[]) => rows.some((r) => r.status === SpiderUrlStatus.Pending || r.status === SpiderUrlStatus.Collecting);

const MOVING: number[] = [
  SpiderDocumentStatus.Pending,
  SpiderDocumentStatus.DownloadQueue,
  SpiderDocumentStatus.Downloading,
  SpiderDocumentStatus.PublishQueue,
  SpiderDocumentStatus.Publishing,
];
export const documentsBusy = (rows: readonly TSpiderDocument[]) => rows.some((r) => MOVING.includes(r.status));

/** Downloaded (or failed to publish): may be published. */
export const canPublish = (r: TSpiderDocument) => r.status === SpiderDocumentStatus.Downloaded || r.status === SpiderDocumentStatus.PublishFailed;
/** Failed (or never started): may be retried. */
export const canRetry = (r: TSpiderDocument) =>
  r.status === SpiderDocumentStatus.Pending || r.status === SpiderDocumentStatus.DownloadFailed || r.status === SpiderDocumentStatus.PublishFailed;
