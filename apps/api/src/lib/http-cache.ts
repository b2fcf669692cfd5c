/** A year, never revalidated: files that never change under their URL (page images, covers, versioned text layers). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names `etag` (a list, weak forms and `*` included). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return list.includes(etag) || list.includes('*');
}

/** Whether the client takes a gzipped body (Accept-Encoding names gzip without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase().split(',');
  return list.some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
