/** Seconds with up to three decimals ('0.012', '1.5'); nothing sensible reads '0'. */
export function formatSpendTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0';
  return String(Number(seconds.toFixed(3)) || 0.001);
}

/** The public site's search URL for a record (the site lives outside /admin on the same origin). */
export function siteSearchUrl(keywords: string, type: number): string {
  return `/search?wd=${encodeURIComponent(keywords)}&type=${type === 1 ? 1 : 0}`;
}
