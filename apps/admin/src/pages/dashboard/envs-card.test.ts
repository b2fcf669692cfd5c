import { describe, expect, it } from 'vitest';
import { sortEnvs } from './envs-card';

describe('sortEnvs', () => {
  it('puts required-but-missing engines first and keeps the rest in order', () => {
    const env = (name: string, installed: boolean, required: boolean) => ({ name, installed, required, version: '', description: '' });
    const out = sortEnvs([env('a', true, true), env('b', false, false), env('c', false, true), env('d', true, false)]);
    expect(out.map((e) => e.name)).toEqual(['c', 'a', 'b', 'd']);
  });
});
