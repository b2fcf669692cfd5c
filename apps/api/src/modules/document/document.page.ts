import { DocumentStatus, TargetType } from '@wenku/contracts';
import type { Deps } from '../../kernel/module';
import { freeze } from '../../lib/cache';
import type { Viewer } from './document.service';

/**
 * Everything the document page shows, from the modules that own each part: the document (document), the
 * viewer's favourite and score (interaction), whether they download for free (download) and the first pages'
 * text (conversion). Used by GET /document and by the crawler page.
 */
export async function documentPage(
  deps: Pick<Deps, 'documents' | 'interactions' | 'downloads' | 'conversion'>,
  by: { id?: number; uuid?: string },
  viewer: Viewer,
  countView: boolean,
) {
  const { documents } = deps;
  // a visitor who is not logged in sees what every other such visitor sees: one answer, held a few seconds and
  // dropped in every process when the document changes (its view count lags by at most those seconds)
  if (viewer.userId === undefined && !viewer.isAdmin) {
    let built = false;
    const page = await documents.cache.pageCache.get(`${by.id ?? ''}/${by.uuid ?? ''}`, async () => {
      built = true; // this request's view is counted (and shown) by the build
      return freeze(await build(deps, by, viewer, countView));
    });
    if (countView && !built) documents.cache.viewCounts.add(page.id);
    return page;
  }
  return build(deps, by, viewer, countView);
}

/** The document page's answer. */
export type DocumentPageAnswer = Awaited<ReturnType<typeof build>>;

async function build(
  { documents, interactions, downloads, conversion }: Pick<Deps, 'documents' | 'interactions' | 'downloads' | 'conversion'>,
  by: { id?: number; uuid?: string },
  viewer: Viewer,
  countView: boolean,
) {
  const d = await documents.views.visible(by, viewer);
  // the text shown stops at the pages this viewer may read, unless they download the document free
  const [detail, state, pages] = await Promise.all([
    documents.views.detail(d, viewer, countView),
    interactions.viewerState(TargetType.Document, d.id, viewer.userId),
    downloads.textPagesOf([d], viewer.userId),
  ]);
  const maxPage = pages.get(d.id) ?? 0;
  const free = maxPage === Number.POSITIVE_INFINITY;
  const content = d.status === DocumentStatus.Converted ? await conversion.firstText(d.hash, 2000, maxPage) : '';
  return { ...detail, content, ...state, can_download_free: free };
}
