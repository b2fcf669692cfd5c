import type { RouteDef } from './common/route';
import { routeUrl } from './common/route';

/**
 * moredoc's permission model (spec §6, moredoc `model/permission.go`): an operation that moredoc serves over gRPC
 * (through grpc-gateway) is a permission entry with method `GRPC` and the gRPC full method name as path
 * (`/api.v1.DocumentAPI/ListDocument`); entries group by service, and a service's list method unlocks its admin pages.
 * Only routes without a moredoc counterpart (uploads, VIP, orders, AI, OCR, spider…) keep HTTP entries
 * (`POST /api/v1/upload/banner`), as moredoc does for its gin upload routes.
 */
export const GRPC_METHOD = 'GRPC' as const;
export const GRPC_PACKAGE = 'api.v1';
/** The methods a permission entry can have (the permission list filters by them). */
export const PERMISSION_METHODS = [GRPC_METHOD, 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT'] as const;

/** The permission entry (method, path) a route is checked against and listed as. */
export function permissionEntry(r: Pick<RouteDef, 'method' | 'path' | 'root' | 'grpc'>): { method: string; path: string } {
  if (r.grpc) return { method: GRPC_METHOD, path: `/${GRPC_PACKAGE}.${r.grpc}` };
  return { method: r.method, path: routeUrl(r) };
}

/** `GRPC /api.v1.DocumentAPI/ListDocument` or `METHOD /api/v1/path`: the key of a route's permission entry. */
export function permissionKey(r: Pick<RouteDef, 'method' | 'path' | 'root' | 'grpc'>): string {
  const e = permissionEntry(r);
  return `${e.method} ${e.path}`;
}

/** The service a GRPC entry belongs to (`DocumentAPI` of `/api.v1.DocumentAPI/ListDocument`); '' for HTTP entries. */
export function grpcService(entry: { method: string; path: string }): string {
  if (entry.method.toUpperCase() !== GRPC_METHOD) return '';
  const m = /^\/api\.v1\.(\w+)\/\w+$/.exec(entry.path);
  return m ? m[1] : '';
}
