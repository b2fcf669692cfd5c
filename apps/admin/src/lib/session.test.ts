import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@wenku/contracts';
import { readToken } from './session';

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
