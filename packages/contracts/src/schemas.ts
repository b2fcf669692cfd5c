/**
 * `@wenku/contracts/schemas`: the zod schemas of every route, enum and config section, and the routes that hold them
 * (`api`). What validates: the API, the admin's forms, tests. A browser page's first load imports the zod-free parts
 * instead (`/enums`, `/format`, `/constants`, `/paths`, `/client`, `/settings`); eslint keeps this entry out of it.
 */
export * from './common/schemas';
export * from './enums/schemas';
export * from './config/sections';
export * from './config/schemas';
export * from './user/schemas';
export * from './account/schemas';
export * from './mail/schemas';
export * from './sms/schemas';
export * from './oauth/schemas';
export * from './attachment/schemas';
export * from './document/schemas';
export * from './interaction/schemas';
export * from './conversion/schemas';
export * from './download/schemas';
export * from './search/schemas';
export * from './article/schemas';
export * from './banner/schemas';
export * from './order/schemas';
export * from './llm/schemas';
export * from './chat/schemas';
export * from './knowledge/schemas';
export * from './ocr/schemas';
export * from './spider/schemas';
export * from './reader/schemas';
export * from './content/schemas';
export { UPLOAD_IMAGE_ROUTES } from './attachment/routes';
export * from './system/routes';
export * from './routes';
