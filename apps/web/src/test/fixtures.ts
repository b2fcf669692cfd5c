import type { TUser } from '@wenku/contracts';

/** A user as GET /user answers it, for tests: a new account with nothing uploaded; override what a test needs. */
export function testUser(over: Partial<TUser> & Pick<TUser, 'id' | 'username'>): TUser {
  return {
    avatar: '',
    signature: '',
    is_vip: false,
    doc_count: 0,
    article_count: 0,
    favorite_count: 0,
    comment_count: 0,
    created_at: '2024-01-01T00:00:00Z',
    ...over,
  } as TUser;
}
