// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { RouteDef, TGroup, TPermission } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { installDomShims, renderPage, slow } from '../../test/dom';
import { PermissionDrawer } from '../group/permission-drawer';
import PermissionPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** What GET /permission/list answers since issue 17: GRPC entries for moredoc's operations, HTTP for Wenku's own. */
const entries: TPermission[] = [
  { id: 1, method: 'GRPC', path: '/api.v1.DocumentAPI/CheckDocument', title: '审核文档', module: 'document' },
  { id: 2, method: 'GRPC', path: '/api.v1.DocumentAPI/ListDocument', title: '文档列表', module: 'document' },
  { id: 3, method: 'PUT', path: '/api/v1/upload/document', title: '上传文档', module: 'document' },
  { id: 4, method: 'GET', path: '/api/v1/order/list', title: '订单列表', module: 'order' },
  { id: 5, method: 'GRPC', path: '/api.v1.UserAPI/ListUser', title: '用户列表', module: 'user' },
];

type Answer = unknown | ((arg: unknown) => unknown);
function fakeApi(answers: Map<RouteDef, Answer>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route, arg) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    const a = answers.get(route);
    return (typeof a === 'function' ? (a as (x: unknown) => unknown)(arg) : a) as never;
  });
}

describe('permission pages with GRPC entries', () => {
  it('the permission list shows GRPC entries with their Chinese titles, grouped by module with the service name', async () => {
    fakeApi(new Map<RouteDef, Answer>([[api.listPermissions, { total: entries.length, permission: entries }]]));
    renderPage(<PermissionPage />, { path: '/user/permission', title: '权限管理' });
    expect(await screen.findByText('审核文档', {}, slow)).toBeTruthy();
    const row = screen.getByText('/api.v1.DocumentAPI/ListDocument').closest('tr') as HTMLElement;
    expect(within(row).getByText('GRPC')).toBeTruthy();
    expect(within(row).getByText('文档列表')).toBeTruthy();
    // the list entry is marked as the module's page entry, the module cell names the moredoc service
    expect(within(row).getByText('页面入口')).toBeTruthy();
    expect(within(row).getByText('DocumentAPI')).toBeTruthy();
    expect(screen.getByText('UserAPI')).toBeTruthy();
    // Wenku's own routes keep their HTTP entries
    const order = screen.getByText('/api/v1/order/list').closest('tr') as HTMLElement;
    expect(within(order).getByText('GET')).toBeTruthy();
  });

  it('the group drawer groups GRPC entries by service and warns when the list entry is missing', async () => {
    const group = { id: 7, title: '审核员' } as TGroup;
    fakeApi(
      new Map<RouteDef, Answer>([
        [api.listPermissions, { total: entries.length, permission: entries }],
        [api.getGroupPermission, { group_id: 7, permission_id: [1] }],
      ]),
    );
    renderPage(<PermissionDrawer group={group} onClose={() => undefined} />);
    expect(await screen.findByText('设置权限：审核员', {}, slow)).toBeTruthy();
    expect(await screen.findByText(/DocumentAPI · 1\/3/, {}, slow)).toBeTruthy();
    expect(screen.getByText(/UserAPI · 0\/1/)).toBeTruthy();
    expect(screen.getByText(/order · 0\/1/)).toBeTruthy();
    expect(screen.getByText('「文档管理」未勾选页面入口权限')).toBeTruthy();
  });
});
