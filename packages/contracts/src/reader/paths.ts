/** A page's text layer, as the reader loads it (the same rules and caching as its image). */
export const pageTextUrl = (uuid: string, page: number, key = '') => `/view/text/${uuid}/${page}.json${key ? `?v=${key}` : ''}`;
