export const UPLOAD_IMAGE_PATHS = {
  avatar: '/upload/avatar',
  config: '/upload/config',
  category: '/upload/category',
  banner: '/upload/banner',
  article: '/upload/article',
} as const;
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'ico'] as const;

/** Multipart upload of a document file (field `file`); answers ZUploadResult. */
export const UPLOAD_DOCUMENT_PATH = '/upload/document';
/**
 * Page images: `/view/page/{document uuid}/{page}.svg` or `.gzip.svg`; covers: `/view/cover/{uuid}`. moredoc clients
 * put the document's `attachment.hash` (its 64-character view key) in place of the uuid; both are served alike.
 */
export const pageImageUrl = (uuid: string, page: number, gzip = true) => `/view/page/${uuid}/${page}${gzip ? '.gzip.svg' : '.svg'}`;
export const coverUrl = (uuid: string) => `/view/cover/${uuid}`;
