import { describe, expect, it } from 'vitest';
import {
  ADMIN_MODULES,
  MODULE_LIST_KEYS,
  MOREDOC_GRPC_METHODS,
  PERMISSION_ROUTES,
  ROUTE_LIST,
  api,
  grpcService,
  permissionEntry,
  permissionKey,
  routeKey,
} from '../src';

/** The list method moredoc-web's utils/permission.js expects of each service (the one that unlocks its pages). */
const CLIENT_LIST_METHODS: Record<string, string> = {
  DocumentAPI: 'ListDocument',
  RecycleAPI: 'ListRecycleDocument',
  SearchRecordAPI: 'ListSearchRecord',
  LanguageAPI: 'ListLanguage',
  CategoryAPI: 'ListCategory',
  UserAPI: 'ListUser',
  FriendlinkAPI: 'ListFriendlink',
  AttachmentAPI: 'ListAttachment',
  ReportAPI: 'ListReport',
  BannerAPI: 'ListBanner',
  GroupAPI: 'ListGroup',
  PermissionAPI: 'ListPermission',
  AdvertisementAPI: 'ListAdvertisement',
  ConfigAPI: 'ListConfig',
  ArticleAPI: 'ListArticle',
  CommentAPI: 'ListComment',
  PunishmentAPI: 'ListPunishment',
  NavigationAPI: 'ListNavigation',
};

describe('permission entries (spec §6, moredoc model)', () => {
  it('names an operation moredoc has by its gRPC full method, and keeps HTTP entries for the others', () => {
    expect(permissionEntry(api.listDocuments)).toEqual({ method: 'GRPC', path: '/api.v1.DocumentAPI/ListDocument' });
    expect(permissionKey(api.listUsers)).toBe('GRPC /api.v1.UserAPI/ListUser');
    expect(permissionKey(api.listRecycleDocuments)).toBe('GRPC /api.v1.RecycleAPI/ListRecycleDocument');
    expect(permissionEntry(api.listOrders)).toEqual({ method: 'GET', path: '/api/v1/order/list' });
    expect(grpcService({ method: 'GRPC', path: '/api.v1.DocumentAPI/ListDocument' })).toBe('DocumentAPI');
    expect(grpcService({ method: 'GET', path: '/api/v1/order/list' })).toBe('');
  });

  it('gives every permission route its own entry', () => {
    const keys = PERMISSION_ROUTES.map(permissionKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("puts a module's GRPC entries in the module's service, and unlocks its pages by the list method moredoc-web expects", () => {
    for (const r of PERMISSION_ROUTES) {
      const service = grpcService(permissionEntry(r));
      if (service) expect(ADMIN_MODULES[r.module ?? '']?.service, routeKey(r)).toBe(service);
    }
    const services = Object.values(ADMIN_MODULES)
      .map((m) => m.service)
      .filter(Boolean);
    expect(services.sort()).toEqual(Object.keys(CLIENT_LIST_METHODS).sort());
    for (const [module, m] of Object.entries(ADMIN_MODULES)) {
      if (m.service) expect(MODULE_LIST_KEYS[module], module).toBe(`GRPC /api.v1.${m.service}/${CLIENT_LIST_METHODS[m.service]}`);
      else expect(MODULE_LIST_KEYS[module], module).toMatch(/^(GET|POST|PUT|DELETE) \/api\/v1\//);
    }
  });

  it("maps only to moredoc's own method names, one binding each", () => {
    const names = Object.values(MOREDOC_GRPC_METHODS);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[A-Z][A-Za-z]*API\/[A-Z][A-Za-z]*$/);
    // the routes declare them (`grpc` on the route): the 131 of moredoc's gateway bindings Wenku serves
    expect(ROUTE_LIST.filter((r) => r.grpc).length).toBe(131);
  });
});
