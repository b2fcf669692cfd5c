import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZOk, zList, zInt4, zQueryArray } from '../common/schemas';
import { PERMISSION_METHODS } from '../permission';
import { ZAuthResult, ZRegisterBody, ZLoginBody, ZUser, ZGetUserQuery, ZPermission, ZGroup, ZListUsersQuery } from './schemas';

export const userRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/user/register',
    grpc: 'UserAPI/Register',
    auth: 'public',
    switches: 'exempt',
    summary: '用户注册',
    body: ZRegisterBody,
    response: ZAuthResult,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/user/login',
    grpc: 'UserAPI/Login',
    auth: 'public',
    switches: 'exempt',
    summary: '用户登录',
    body: ZLoginBody,
    response: ZAuthResult,
  }),
  logout: defineRoute({ method: 'DELETE', path: '/user/logout', grpc: 'UserAPI/Logout', auth: 'user', switches: 'exempt', summary: '退出登录', response: ZOk }),
  getUser: defineRoute({
    method: 'GET',
    path: '/user',
    grpc: 'UserAPI/GetUser',
    auth: 'public',
    summary: '用户信息（不传 id 为当前用户）',
    query: ZGetUserQuery,
    response: ZUser,
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/user/list',
    grpc: 'UserAPI/ListUser',
    auth: 'public',
    permission: true,
    list: true,
    module: 'user',
    summary: '用户列表',
    query: ZListUsersQuery,
    response: zList('user', ZUser),
  }),
  getPermission: defineRoute({
    method: 'GET',
    path: '/user/permission',
    grpc: 'UserAPI/GetUserPermissions',
    auth: 'user',
    switches: 'exempt',
    summary: '当前用户的权限',
    response: z.object({ permission: z.array(ZPermission) }),
  }),
  getGroup: defineRoute({
    method: 'GET',
    path: '/user/group',
    grpc: 'UserAPI/ListUserGroup',
    auth: 'user',
    switches: 'exempt',
    summary: '当前用户的分组',
    response: z.object({ group: z.array(ZGroup) }),
  }),
};

export const groupRoutes = {
  listGroups: defineRoute({
    method: 'GET',
    path: '/group/list',
    grpc: 'GroupAPI/ListGroup',
    auth: 'admin',
    list: true,
    module: 'group',
    summary: '用户组列表',
    query: z.object({ wd: z.string().optional() }),
    response: zList('group', ZGroup),
  }),
};

export const permissionRoutes = {
  listPermissions: defineRoute({
    method: 'GET',
    path: '/permission/list',
    grpc: 'PermissionAPI/ListPermission',
    auth: 'admin',
    list: true,
    module: 'permission',
    summary: '权限列表',
    query: z.object({
      page: zInt4.min(1).default(1),
      size: zInt4.min(1).max(1000).default(1000),
      wd: z.string().optional(),
      /** moredoc's API filter: part of the entry's path (`DocumentAPI`, `/api/v1/upload`) */
      path: z.string().trim().max(255, '接口路径过长').optional(),
      /** moredoc-web sends every method it knows, lowercase and repeated (`method=grpc&method=get&…`) */
      method: zQueryArray(
        z
          .string()
          .max(16)
          .transform((s) => s.trim().toUpperCase())
          .pipe(z.enum(PERMISSION_METHODS, { error: '请求方法不正确' })),
      ).pipe(z.array(z.enum(PERMISSION_METHODS)).max(20, '请求方法过多').optional()),
    }),
    response: zList('permission', ZPermission),
  }),
};
