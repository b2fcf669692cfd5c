import { describe, expect, it } from 'vitest';
import { MODULE_LIST_KEYS, type TPermission } from '@wenku/contracts';
import {
  METHOD_COLORS,
  moduleOf,
  filterPermissions,
  groupPermissionsByModule,
  moduleRowSpans,
  isListPermission,
  moduleCheckState,
  modulesWithoutListPermission,
  moduleTitle,
  toggleModule,
} from './permissions';

const [listMethod, listPath] = MODULE_LIST_KEYS.user.split(' ');
const perms: TPermission[] = [
  { id: 1, method: 'DELETE', path: '/api/v1/user', title: '删除用户', module: 'user' },
  { id: 2, method: 'POST', path: '/api/v1/group', title: '新增用户组', module: 'group' },
  { id: 3, method: listMethod, path: listPath, title: '用户列表', module: 'user' },
  { id: 4, method: 'PUT', path: '/api/v1/user', title: '修改用户', module: 'user' },
  { id: 5, method: 'GET', path: '/api/v1/zzz', title: '神秘接口', module: 'zzz', description: '未知模块' },
  { id: 6, method: 'POST', path: '/api/v1/user', title: '新增用户', module: 'user' },
];

describe('permission grouping', () => {
  const groups = groupPermissionsByModule(perms);

  it('groups by module in ADMIN_MODULES order with their Chinese titles; unknown modules last', () => {
    expect(groups.map((g) => g.module)).toEqual(['user', 'group', 'zzz']);
    expect(groups.map((g) => g.title)).toEqual(['用户管理', '用户组', 'zzz']);
    expect(moduleTitle('')).toBe('其他');
  });

  it('puts the list permission first, then by path and method', () => {
    expect(isListPermission(perms[2])).toBe(true);
    expect(groups[0].items.map((p) => p.id)).toEqual([3, 6, 4, 1]);
  });

  it('computes the select-all state of a module', () => {
    expect(moduleCheckState(groups[0], new Set([3]))).toEqual({ checked: false, indeterminate: true, count: 1, total: 4 });
    expect(moduleCheckState(groups[0], new Set([1, 3, 4, 6]))).toMatchObject({ checked: true, indeterminate: false });
    expect(moduleCheckState(groups[1], new Set())).toMatchObject({ checked: false, indeterminate: false, count: 0 });
  });

  it('selects and clears a whole module, keeping other modules', () => {
    expect(toggleModule([2, 3], groups[0], true)).toEqual([2, 3, 6, 4, 1]);
    expect(toggleModule([2, 3, 6, 4, 1], groups[0], false)).toEqual([2]);
  });

  it('warns about modules granted without their list permission', () => {
    expect(modulesWithoutListPermission(groups, new Set([4])).map((g) => g.module)).toEqual(['user']);
    expect(modulesWithoutListPermission(groups, new Set([3, 4]))).toEqual([]);
  });

  it('filters by module, method and keyword', () => {
    expect(filterPermissions(perms, { module: 'user' }).map((p) => p.id)).toEqual([1, 3, 4, 6]);
    expect(filterPermissions(perms, { method: 'post' }).map((p) => p.id)).toEqual([2, 6]);
    expect(filterPermissions(perms, { wd: '未知' }).map((p) => p.id)).toEqual([5]);
    expect(filterPermissions(perms, { wd: '/api/v1/group' }).map((p) => p.id)).toEqual([2]);
  });
});

describe('moduleRowSpans', () => {
  it('spans each run of one module from its first row', () => {
    expect(moduleRowSpans([{ module: 'a' }, { module: 'a' }, { module: 'b' }, { module: 'a' }])).toEqual([2, 0, 1, 1]);
    expect(moduleRowSpans([])).toEqual([]);
  });
});

describe('GRPC entries (moredoc model)', () => {
  const grpc: TPermission[] = [
    { id: 10, method: 'PUT', path: '/api/v1/upload/document', title: '上传', module: 'document' },
    { id: 11, method: 'GRPC', path: '/api.v1.DocumentAPI/CheckDocument', title: '审核文档', module: 'document' },
    { id: 12, method: 'GRPC', path: '/api.v1.DocumentAPI/ListDocument', title: '文档列表', module: '' },
    { id: 13, method: 'GRPC', path: '/api.v1.RecycleAPI/ListRecycleDocument', title: '文档回收站', module: 'recycle' },
    { id: 14, method: 'GRPC', path: '/api.v1.ConfigAPI/UpdateConfig', title: '更新配置', module: 'config' },
  ];

  it('groups a GRPC entry by its service, titled in Chinese, with the service name', () => {
    expect(moduleOf(grpc[2])).toBe('document');
    const groups = groupPermissionsByModule(grpc);
    expect(groups.map((g) => [g.module, g.title, g.service])).toEqual([
      ['config', '系统配置', 'ConfigAPI'],
      ['document', '文档管理', 'DocumentAPI'],
      ['recycle', '文档回收站', 'RecycleAPI'],
    ]);
    // list entry first, then the GRPC entries, then HTTP ones
    expect(groups[1].items.map((p) => p.id)).toEqual([12, 11, 10]);
    expect(isListPermission(grpc[2])).toBe(true);
    expect(isListPermission(grpc[1])).toBe(false);
  });

  it('filters by method GRPC and offers it as a method', () => {
    expect(filterPermissions(grpc, { method: 'grpc' }).map((p) => p.id)).toEqual([11, 12, 13, 14]);
    expect(filterPermissions(grpc, { module: 'document' }).map((p) => p.id)).toEqual([10, 11, 12]);
    expect(Object.keys(METHOD_COLORS)).toEqual(['GRPC', 'GET', 'POST', 'PUT', 'DELETE']);
    expect(modulesWithoutListPermission(groupPermissionsByModule(grpc), new Set([11])).map((g) => g.module)).toEqual(['document']);
  });
});
