import type { Deps, RouteHandlers } from '../../kernel/module';

export function ocrRoutes({ ocr }: Deps): RouteHandlers {
  return {
    listOcrDocuments: ({ query }) => ocr.list(query),
    recogniseDocuments: async ({ body }) => ({ count: await ocr.recognise(body.id) }),
    retryOcr: async ({ body }) => ({ count: await ocr.retry(body.id) }),
  };
}
