import type { TDocument } from '@wenku/contracts/schemas';

/** A document's page: /document/{uuid} (the page reads the uuid, never the numeric id). */
export const documentHref = (d: Pick<TDocument, 'uuid'>) => `/document/${encodeURIComponent(d.uuid)}`;
