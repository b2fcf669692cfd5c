/**
 * `@wenku/contracts/paths`: how to reach every route without its schemas: the route table (method, path, root, kind
 * by route name), the URL helpers, the permission keys and the admin modules they unlock. No zod.
 */
export * from './common/route';
export * from './route-table';
export * from './permission';
export * from './admin-modules';
export * from './pages';
