import type { RouteBody, TUser, api } from '@wenku/contracts';

/** The super administrator (user 1) can be neither deleted nor punished. */
export const ROOT_USER_ID = 1;

export function canDeleteUser(user: Pick<TUser, 'id'>): boolean {
  return user.id !== ROOT_USER_ID;
}

export interface UserFormValues {
  username: string;
  password?: string;
  email?: string;
  mobile?: string;
  group_id?: number[];
}

export function userFormInitial(record?: TUser, defaultGroups: number[] = []): UserFormValues {
  if (!record) return { username: '', password: '', email: '', mobile: '', group_id: defaultGroups };
  return { username: record.username, password: '', email: record.email ?? '', mobile: record.mobile ?? '', group_id: record.group_id ?? [] };
}

const clean = (v: string | undefined) => (v ?? '').trim();

export function toCreateUserBody(v: UserFormValues): RouteBody<typeof api.createUser> {
  return { username: clean(v.username), password: v.password ?? '', email: clean(v.email), mobile: clean(v.mobile), group_id: v.group_id ?? [] };
}

/** PUT /user: a blank password leaves the password unchanged, so it is not sent. */
export function toSetUserBody(id: number, v: UserFormValues): RouteBody<typeof api.setUser> {
  const body: RouteBody<typeof api.setUser> = { id, username: clean(v.username), email: clean(v.email), mobile: clean(v.mobile), group_id: v.group_id ?? [] };
  if (v.password) body.password = v.password;
  return body;
}

export interface ProfileFormValues {
  realname?: string;
  identity?: string;
  address?: string;
  signature?: string;
  remark?: string;
}

export function profileFormInitial(record: TUser): ProfileFormValues {
  return { realname: record.realname ?? '', identity: record.identity ?? '', address: record.address ?? '', signature: record.signature ?? '', remark: '' };
}

/** PUT /user/profile with the user's id; the remark is not returned by the API, so a blank one is not sent. */
export function toProfileBody(id: number, v: ProfileFormValues): RouteBody<typeof api.updateProfile> {
  const body: RouteBody<typeof api.updateProfile> = {
    id,
    realname: clean(v.realname),
    identity: clean(v.identity),
    address: clean(v.address),
    signature: clean(v.signature),
  };
  if (clean(v.remark)) body.remark = clean(v.remark);
  return body;
}

export interface AiQuotaFormValues {
  use_default: boolean;
  daily_limit?: number;
  extra?: number;
}

/** POST /user/ai/quota: daily_limit -1 means "the site default" (config llm.daily_quota). */
export function toAiQuotaBody(userId: number, v: AiQuotaFormValues): RouteBody<typeof api.setAiQuota> {
  return { user_id: userId, daily_limit: v.use_default ? -1 : Math.max(0, Math.floor(v.daily_limit ?? 0)), extra: Math.max(0, Math.floor(v.extra ?? 0)) };
}
