import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@wenku/contracts';
import { readStoredUser, readToken } from './session';

const store = (v: string | null) => ({ getItem: (k: string) => (k === STORAGE_KEYS.token ? v : null) });

describe('readToken', () => {
  it('reads the shared session token, raw or JSON-encoded', () => {
    expect(readToken(store('abc.def.ghi'))).toBe('abc.def.ghi');
    expect(readToken(store('"abc.def.ghi"'))).toBe('abc.def.ghi');
    expect(readToken(store(null))).toBeNull();
    expect(readToken(store(''))).toBeNull();
    expect(readToken(store('"'))).toBeNull();
    expect(readToken(undefined)).toBeNull();
  });
});

describe('readStoredUser', () => {
  const users = (v: string | null) => ({ getItem: (k: string) => (k === STORAGE_KEYS.user ? v : null) });
  it('reads the user the site saved, ignoring junk', () => {
    expect(readStoredUser(users('{"id":1,"username":"admin"}'))?.username).toBe('admin');
    expect(readStoredUser(users('not json'))).toBeUndefined();
    expect(readStoredUser(users('{"id":1}'))).toBeUndefined();
    expect(readStoredUser(users(null))).toBeUndefined();
  });
});
