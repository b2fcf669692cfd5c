import { DocumentStatus, TargetType } from '@wenku/contracts';
import type { Deps } from '../../kernel/module';
import type { Viewer } from './document.service';

/**
 * Everything the document page shows, from the modules that own each part: the document (document), the
 * viewer's favourite and score (interaction), whether they download for free (download) and the first pages'
 * text (conversion). Used by GET /document and by the crawler page.
 */
export async function documentPage(
  { documents, interactions, downloads, conversion }: Pick<Deps, 'documents' | 'interactions' | 'downloads' | 'conversion'>,
  by: { id?: number; uuid?: string },
  viewer: Viewer,
  countView: boolean,
) {
  const d = await documents.visible(by, viewer);
  const [detail, state, free, content] = await Promise.all([
    documents.detail(d, viewer, countView),
    interactions.viewerState(TargetType.Document, d.id, viewer.userId),
    downloads.canDownloadFree(d, viewer.userId),
    d.status === DocumentStatus.Converted ? conversion.firstText(d.hash, 2000) : Promise.resolve(''),
  ]);
  return { ...detail, content, ...state, can_download_free: free };
}
