import { DocumentAdmin } from './document.admin';
import { DocumentCache } from './document.cache';
import { DocumentConversion } from './document.conversion';
import { DocumentCounters } from './document.counters';
import { DocumentEdits } from './document.edits';
import type { DocumentDeps } from './document.model';
import { DocumentUpload } from './document.upload';
import { DocumentViews } from './document.views';

export type { DocumentRow } from './document.repo';
export type { ConversionOutcome, DocumentDeps, Viewer } from './document.model';

/**
 * Documents, by use case: reading (`views`: one document, the lists, the home page, search cards), publishing
 * uploads (`upload`), the owner's edits (`edits`), the back office (`admin`: review, bulk changes, recycle bin), the
 * conversion state (`conversion`), the counters other modules keep (`counters`) and what is held in memory
 * (`cache`). Each is built from one dependencies object. The file behind a document belongs to the attachment
 * module, its pages to the conversion module, its favourites and comments to the interaction module.
 */
export interface DocumentService {
  cache: DocumentCache;
  views: DocumentViews;
  upload: DocumentUpload;
  edits: DocumentEdits;
  admin: DocumentAdmin;
  conversion: DocumentConversion;
  counters: DocumentCounters;
}

export function createDocumentService(deps: DocumentDeps): DocumentService {
  const cache = new DocumentCache(deps);
  const parts = { ...deps, cache };
  const views = new DocumentViews(parts);
  const conversion = new DocumentConversion(parts);
  return {
    cache,
    views,
    conversion,
    upload: new DocumentUpload(parts, views),
    edits: new DocumentEdits(parts, views, conversion),
    admin: new DocumentAdmin(parts, conversion),
    counters: new DocumentCounters(deps),
  };
}
